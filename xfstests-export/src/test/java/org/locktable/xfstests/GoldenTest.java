package org.locktable.xfstests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Goldens against the policy specification's worked examples (§7, E15-E18), computed by hand from the kernel
 * functions the spec cites, not by the engine: ext4 takes a NOWAIT write shared only when it is a pure overwrite
 * ({@code ext4_dio_write_checks}: an unwritten or unallocated block needs the exclusive lock, refused with EAGAIN);
 * XFS since v5.12 takes an unaligned write shared with {@code IOMAP_DIO_OVERWRITE_ONLY} and an aligned one shared,
 * and returns EAGAIN under NOWAIT when the mapping needs allocation or conversion ({@code xfs_direct_write_iomap_begin});
 * before v5.12 an unaligned NOWAIT write got EAGAIN before locking ({@code xfs_file_dio_aio_write}).
 */
class GoldenTest {
    private static Map<String, String> files() {
        return XfstestsExport.files(Exports.library());
    }

    private static String golden(String source, String policy) {
        String n = ExportSet.number(Exports.indexOf(Exports.library(), source));
        return files().get(n + ".out." + policy);
    }

    private static String expect(String source, String line) {
        String n = ExportSet.number(Exports.indexOf(Exports.library(), source));
        return "QA output created by " + n + "\n" + line + "\n";
    }

    @Test
    void e16NowaitAlignedAcrossWrittenUnwrittenIsRefusedByBoth() {
        // W U U W, i_size 16384, 0+8192: ext4 needs the exclusive lock for the unwritten block; XFS's mapping is
        // not one written extent
        String e16 = "E16NowaitAcrossWrittenUnwritten";
        assertEquals(expect(e16, "nowait pwrite 0+8192: EAGAIN"), golden(e16, "ext4-base"));
        assertEquals(expect(e16, "nowait pwrite 0+8192: EAGAIN"), golden(e16, "xfs-dio"));
    }

    @Test
    void e15NowaitAlignedOverwriteGoesAhead() {
        String e15 = "E15NowaitAlignedOverwrite";
        assertEquals(expect(e15, "nowait pwrite 0+8192: OK"), golden(e15, "ext4-base"));
        assertEquals(expect(e15, "nowait pwrite 0+8192: OK"), golden(e15, "xfs-dio"));
    }

    @Test
    void e17NowaitIntoAHoleIsRefused() {
        String e17 = "E17NowaitAlignedIntoHole";
        assertEquals(expect(e17, "nowait pwrite 4096+4096: EAGAIN"), golden(e17, "ext4-base"));
        assertEquals(expect(e17, "nowait pwrite 4096+4096: EAGAIN"), golden(e17, "xfs-dio"));
    }

    @Test
    void e18SubBlockInWrittenSplitsTheTwoXfsGenerations() {
        // W W W W, 4608+512: XFS shared overwrite-only since v5.12, EAGAIN before locking up to v5.11; ext4 (when
        // a table sample shares the case) a pure overwrite, shared
        String e18 = "E18NowaitSubBlockInWritten";
        int i = Exports.indexOf(Exports.library(), e18);
        ExportCase c = Exports.library().cases().get(i);
        assertTrue(c.fileSystems().contains("xfs"));
        assertEquals(expect(e18, "nowait pwrite 4608+512: OK"), golden(e18, "xfs-dio"));
        assertEquals(expect(e18, "nowait pwrite 4608+512: EAGAIN"), golden(e18, "xfs-dio-v5.11"));
        if (c.fileSystems().contains("ext4")) {
            assertEquals(expect(e18, "nowait pwrite 4608+512: OK"), golden(e18, "ext4-base"));
        }
        assertTrue(TestScript.script(ExportSet.number(i), c).contains("\n_lt_require "
                + String.join(" ", c.sortedFileSystems()) + "\n"));
    }

    @Test
    void aScenarioOfTheXfsPackageAloneRunsOnXfsOnly() {
        // seed 004's case names only XFS policies: no ext4 golden, and the test _notruns on ext4
        String e13 = "Seed004Chinner512InUnwrittenExtent";
        int i = Exports.indexOf(Exports.library(), e13);
        ExportCase c = Exports.library().cases().get(i);
        assertEquals(List.of("xfs"), c.sortedFileSystems());
        assertTrue(TestScript.script(ExportSet.number(i), c).contains("\n_lt_require xfs\n"));
        assertEquals(null, files().get(ExportSet.number(i) + ".out.ext4-base"));
    }

    @Test
    void theScriptBuildsWhatTheSpecSaysAndProbesWithOneNowaitPwrite() {
        String e16 = "E16NowaitAcrossWrittenUnwritten";
        int i = Exports.indexOf(Exports.library(), e16);
        String s = files().get(ExportSet.number(i));
        // written records by direct writes, then the unwritten run by falloc -k, then fsync and the cache dropped
        assertTrue(s.contains("\t$XFS_IO_PROG -d -c \"pwrite -q -b 4096 0 4096\" $f\n"
                + "\t$XFS_IO_PROG -d -c \"pwrite -q -b 4096 12288 4096\" $f\n"
                + "\t$XFS_IO_PROG -c \"falloc -k 4096 8192\" $f\n"
                + "\t$XFS_IO_PROG -c fsync -c \"fadvise -d 0 1073741824\" $f\n"), s);
        assertTrue(s.contains("\n_lt_build_check $SCRATCH_MNT/lt 4096 4 \"W U U W\" 16384 0\n"
                + "_lt_probe $SCRATCH_MNT/lt 0 8192 4096 0\n"), s);
    }
}

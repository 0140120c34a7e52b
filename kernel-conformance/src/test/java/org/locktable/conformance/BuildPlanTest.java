package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.model.Layout;

/** Layout to commands; no kernel needed. */
class BuildPlanTest {

    private static BuildPlan plan(String layout, long size, boolean nosec) throws Exception {
        return BuildPlan.of(Layout.parse(layout), size, nosec, 4096);
    }

    @Test
    void writtenFirstThenUnwrittenAndTheLastWriteSetsAnUnalignedSize() throws Exception {
        assertEquals(List.of("create t", "nosec", "pwrite 0 4096", "pwrite 12288 2048", "falloc 4096 8192", "sync"),
                plan("W U U W", 14336, true).helperCommands("t"));
    }

    @Test
    void aBoundaryPlacesASpacerAfterTheFirstRecord() throws Exception {
        assertEquals(List.of("create t", "nosec", "pwrite 0 8192", "spacer 8192", "pwrite 8192 4096", "unspace", "sync"),
                plan("W W|W", 12288, true).helperCommands("t"));
        assertEquals(List.of("create t", "nosec", "falloc 0 4096", "spacer 4096", "falloc 4096 4096", "unspace",
                "truncate 8192", "sync"), plan("U|U", 8192, true).helperCommands("t"));
    }

    @Test
    void sizeByTruncateWhenNoWriteEndsThereAndSetUidForNosecOff() throws Exception {
        assertEquals(List.of("create t", "nosec", "pwrite 0 4096", "truncate 6144", "chmod 4755", "sync"),
                plan("W H", 6144, false).helperCommands("t"));
        assertEquals(List.of("create t", "nosec", "truncate 16384", "sync"), plan("H H H H", 16384, true).helperCommands("t"));
    }

    @Test
    void onA4KnDeviceTheEofBlockIsWrittenWholeAndTruncated() throws Exception {
        BuildPlan p = BuildPlan.of(Layout.parse("W W"), 6144, true, 4096, 4096);
        assertEquals(List.of("create t", "nosec", "pwrite 0 8192", "truncate 6144", "sync"), p.helperCommands("t"));
    }

    @Test
    void shellLinesAreXfsIoCommands() throws Exception {
        List<String> lines = plan("W|W", 8192, false).shellLines("$F");
        assertEquals(BuildPlan.SPACER_FUNCTION, lines.subList(0, BuildPlan.SPACER_FUNCTION.size()));
        assertEquals(List.of(
                "rm -f $F $F.sp*; touch $F",
                "xfs_io -d -c \"pwrite -q -b 4096 0 4096\" -c \"truncate 0\" $F",
                "xfs_io -d -c \"pwrite -q -b 4096 0 4096\" $F",
                "spacer $F 4096 4096 1 || echo \"spacer missed\"",
                "xfs_io -d -c \"pwrite -q -b 4096 4096 4096\" $F",
                "rm -f $F.sp*",
                "chmod 4755 $F",
                "xfs_io -c fsync -c \"fadvise -d 0 1073741824\" $F"),
                lines.subList(BuildPlan.SPACER_FUNCTION.size(), lines.size()));
        List<String> falloc = plan("U", 2048, true).shellLines("f");
        assertTrue(falloc.contains("xfs_io -c \"falloc -k 0 4096\" f"), falloc.toString());
        assertTrue(falloc.contains("xfs_io -c \"truncate 2048\" f"), falloc.toString());
    }

    @Test
    void onlyOverwritesOfWrittenBlocksInsideTheSizeLeaveTheFileAsBuilt() throws Exception {
        BuildPlan p = plan("W U W H", 14336, true);
        assertFalse(p.changedBySuccess(0, 4096));
        assertFalse(p.changedBySuccess(8192, 512));
        assertTrue(p.changedBySuccess(0, 8192), "converts the unwritten block");
        assertTrue(p.changedBySuccess(8192, 8192), "fills the hole, raises i_size");
        BuildPlan q = plan("W W", 6144, true);
        assertFalse(q.changedBySuccess(4096, 2048));
        assertTrue(q.changedBySuccess(4096, 4096), "raises i_size inside the written EOF block");
    }

    /*
     * Seen on Debian's 5.10 in a guest: on "W W" i_size=6144 the refused NOWAIT write 8192+4096 left i_size at 8192
     * and one page cached (xfs_file_aio_write_checks zeroes [6144, 8192) through the page cache), and the next
     * probe, 0+8192, got EAGAIN from that page; on a fresh file it succeeds. 6.1 leaves the file as built.
     */
    @Test
    void onlyAnAlignedWritePastTheSizeOverAWrittenBlockChangesTheFileWhenRefused() throws Exception {
        BuildPlan ww = plan("W W", 6144, true);
        assertTrue(ww.changedByRefusal(8192, 4096), "zeroes [6144, 8192) of the written EOF block");
        assertFalse(ww.changedByRefusal(8192, 512), "unaligned: refused before the checks");
        assertFalse(ww.changedByRefusal(4096, 4096), "starts inside i_size: nothing to zero");
        assertFalse(ww.changedByRefusal(0, 8192));
        assertFalse(plan("W U", 6144, true).changedByRefusal(8192, 4096), "an unwritten EOF block is not zeroed");
        assertFalse(plan("W H", 6144, true).changedByRefusal(8192, 4096), "nor is a hole");
        assertFalse(plan("W W", 8192, true).changedByRefusal(8192, 4096), "aligned i_size: no EOF block to zero");
        assertTrue(plan("W", 2048, false).changedByRefusal(4096, 4096));
        assertTrue(plan("U W W W", 14336, true).changedByRefusal(16384, 4096));
    }

    @Test
    void aBatchEndsAfterTheFirstWriteThatAChangedFileMayFollow() {
        boolean[] last = {false, false, true, false, true, false};
        assertEquals(3, ExhaustiveRun.batchEnd(last, 0));
        assertEquals(5, ExhaustiveRun.batchEnd(last, 3));
        assertEquals(6, ExhaustiveRun.batchEnd(last, 5));
        assertEquals(2, ExhaustiveRun.batchEnd(new boolean[2], 0));
    }

    @Test
    void thePrimeGoesOverTheFirstAllocatedBlock() throws Exception {
        assertEquals(4096, plan("H U W", 12288, true).primeOffset());
        assertEquals(0, plan("W", 4096, true).primeOffset());
        assertEquals(-2, plan("H H", 8192, true).primeOffset());
    }

    @Test
    void reproductionScriptHasSetUpBuildFiemapAndProbe() throws Exception {
        MountedFs fs = new MountedFs(FsSpec.XFS, java.nio.file.Path.of("/x.img"), "/dev/loop9", java.nio.file.Path.of("/m"));
        BuildPlan p = plan("W W", 8192, true);
        List<String> s = Repro.script(fs, p, p.primeOffset(),
                org.locktable.engine.model.WriteRequest.builder(4608, 512).nowait(true).build());
        assertTrue(s.contains("mkfs.xfs -q -f -b size=4096 $IMG"), s.toString());
        assertTrue(s.contains("DEV=$(losetup -f --show $IMG)"), s.toString());
        assertTrue(s.contains("xfs_io -c \"fiemap -v\" $F; stat -c '%s %a' $F; fincore $F"), s.toString());
        assertEquals("xfs_io -d -c \"falloc -k 0 4096\" -c \"pwrite -V 1 -N -b 512 4608 512\" $F", s.get(s.size() - 2));
        assertEquals(MountedFs.teardownLine(), s.get(s.size() - 1));
        MountedFs ext4 = new MountedFs(FsSpec.EXT4, java.nio.file.Path.of("/x.img"), "/dev/loop9", java.nio.file.Path.of("/m"));
        assertEquals("xfs_io -d -c \"pwrite -V 1 -N -b 512 4608 512\" $F", Repro.probeLine(FsKind.EXT4, "$F", -1, 4096,
                org.locktable.engine.model.WriteRequest.builder(4608, 512).nowait(true).build()));
        assertTrue(Repro.script(ext4, p, -1, org.locktable.engine.model.WriteRequest.builder(0, 4096).build())
                .contains("mkfs.ext4 -q -F -b 4096 $IMG"));
    }
}

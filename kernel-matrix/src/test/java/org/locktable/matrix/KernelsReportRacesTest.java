package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.replay.ReplayAll;

/** kernels.md's race section: one row per kernel's TSV, in the Debian series' order, counted from the rows. */
class KernelsReportRacesTest {
    @Test
    void oneRowPerKernelCountedFromItsRows(@TempDir Path docs) throws Exception {
        Path dir = Files.createDirectories(docs.resolve("data/race-replay-kernels"));
        Files.writeString(dir.resolve("debian-6.12.tsv"), ReplayAll.HEADER + "\n"
                + "ext4-base\tR4\tW W @6144: ...\tUNSAFE\t[6144,8192)\text4-base's schedule\tCORRUPTED\t3\t3\t[6144,8192)\tyes\n"
                + "xfs-dio\tR4\tW W @6144: ...\tSAFE\t-\text4-base's schedule\tINTACT\t0\t3\t-\tyes\n");
        Files.writeString(dir.resolve("debian-5.10.tsv"), ReplayAll.HEADER + "\n"
                + "ext4-v5.10\tR4\tW W @6144: ...\tSAFE\t-\text4-base's schedule\tMIXED\t1\t3\t[6144,8192)\tno\n");
        String s = KernelsReport.races(dir);
        assertTrue(s.contains("## Race replays"), s);
        assertTrue(s.indexOf("| debian-5.10 |") < s.indexOf("| debian-6.12 |"), s);
        assertTrue(s.contains("| debian-5.10 | `ext4-v5.10` | 1 | 0 | 0 | 1 | 0 |"), s);
        assertTrue(s.contains("| debian-6.12 | `ext4-base`, `xfs-dio` | 2 | 1 | 1 | 0 | 2 |"), s);
    }

    @Test
    void noFilesNoSection(@TempDir Path docs) throws Exception {
        assertEquals("", KernelsReport.races(docs.resolve("data/race-replay-kernels")));
    }
}

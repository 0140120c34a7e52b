package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code --policy kernel:VERSION --fs FS}: the era policy of that release, on every command that takes a policy. */
class KernelEraOptionTest {
    @Test
    void raceRunsAHistoricalRaceUnderItsEra() {
        Cli.Run r = Cli.run("race", "--policy", "kernel:2.6.37", "--fs", "xfs", "--layout", "H H", "--size", "8192",
                "--op", "aio-dio 0+512", "--op", "aio-dio 1024+512");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("xfs-dio-v2.6.36 [aio-dio 0+512, aio-dio 1024+512]: UNSAFE"), r.out());
    }

    @Test
    void aKernelWithoutFsIsRefusedWhereOnePolicyIsNeeded() {
        Cli.Run r = Cli.run("race", "--policy", "kernel:4.19", "--layout", "W", "--size", "4096", "--op",
                "aio-dio 0+512", "--op", "aio-dio 1024+512");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("add --fs ext4 or --fs xfs"), r.err());
    }

    @Test
    void decideWithFsGivesThatFileSystemsEraOnly() {
        Cli.Run r = Cli.run("decide", "--policy", "kernel:3.10", "--fs", "ext4", "--layout", "W W", "--offset", "512",
                "--len", "1024", "--async", "--json");
        assertEquals(0, r.code(), r.toString());
        assertEquals(1, r.out().lines().count(), r.out());
        assertTrue(r.out().contains("\"policy\":\"ext4-v3.6\""), r.out());
    }

    @Test
    void aReleaseBeforeTheHistoryIsRefusedWithTheCoveredRange() {
        Cli.Run r = Cli.run("table", "--policy", "kernel:2.6.30", "--fs", "ext4");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("no ext4 policy models direct writes on Linux 2.6.30; the ext4 policies cover "
                + "v2.6.36 .. <v2.6.38"), r.err());
    }

    @Test
    void fsMustMatchANamedPolicy() {
        Cli.Run r = Cli.run("table", "--policy", "xfs-dio", "--fs", "ext4");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("xfs-dio is a policy of xfs, not of ext4"), r.err());
    }
}

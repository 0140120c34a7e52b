package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kernel build} and {@code conformance --policy}, short of building or booting a kernel. */
class KernelBuildCommandTest {
    @Test
    void kernelNeedsASubcommand() {
        Cli.Run r = Cli.run("kernel");
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: kernel needs a subcommand: build, grade, matrix, observe or privilege (try 'locktable kernel --help')", r.err().strip());
        assertTrue(Cli.run("kernel", "build", "--help").out().contains("--patch=FILE"));
    }

    @Test
    void anUnknownSourceIsAUsageError(@TempDir Path dir) {
        Cli.Run r = Cli.run("kernel", "build", "--source", "debian:4.19", "--cache-dir", dir.toString());
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: unknown Debian kernel source \"debian:4.19\": use debian:5.10, debian:6.1, debian:6.12",
                r.err().strip());
        Cli.Run u = Cli.run("kernel", "build", "--source", "upstream:7.0", "--cache-dir", dir.toString());
        assertEquals(2, u.code(), u::toString);
        assertEquals("locktable: unknown kernel source \"upstream:7.0\": use debian:6.12", u.err().strip());
    }

    @Test
    void aMissingPatchIsAUsageError(@TempDir Path dir) {
        Path none = dir.resolve("none.patch");
        Cli.Run r = Cli.run("kernel", "build", "--source", "debian:6.12", "--patch", none.toString(), "--cache-dir",
                dir.toString());
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: no patch file " + none, r.err().strip());
    }

    @Test
    void conformancePolicyMustBeADirectWritePolicyOncePerFileSystem() {
        Cli.Run unknown = Cli.run("kernel", "grade", "--policy", "ext4-patch9", "--quick");
        assertEquals(2, unknown.code(), unknown::toString);
        assertTrue(unknown.err().contains("ext4-patch9"), unknown.err());
        Cli.Run two = Cli.run("kernel", "grade", "--policy", "ext4-patch1,ext4-patch2", "--quick");
        assertEquals(2, two.code(), two::toString);
        assertEquals("locktable: two ext4 policies: give at most one per file system", two.err().strip());
        Cli.Run buffered = Cli.run("kernel", "grade", "--policy", "xfs-buffered", "--quick");
        assertEquals(2, buffered.code(), buffered::toString);
        assertEquals("locktable: xfs-buffered is not a direct-write policy: the probes grade direct writes",
                buffered.err().strip());
    }
}

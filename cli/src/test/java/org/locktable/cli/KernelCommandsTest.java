package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --kernel} of {@code kernel grade}, {@code kernel matrix} and {@code kernel observe}, short of booting a real kernel. */
class KernelCommandsTest {
    @Test
    void helpNamesTheKernelSpecs() {
        for (String command : new String[] {"grade", "matrix", "observe"}) {
            Cli.Run r = Cli.run("kernel", command, "--help");
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().contains("--kernel=SPEC"), command + ":\n" + r.out());
        }
    }

    @Test
    void anUnknownDebianKernelIsAUsageError() {
        Cli.Run r = Cli.run("kernel", "grade", "--kernel", "debian:4.19", "--quick");
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: Invalid value for option '--kernel': unknown Debian kernel \"debian:4.19\": use "
                + "debian:5.10, debian:6.1, debian:6.12", r.err().strip());
    }

    @Test
    void guestsIsOneOrTwo() {
        for (String command : new String[] {"grade", "matrix"}) {
            Cli.Run r = Cli.run("kernel", command, "--kernel", "debian:6.1", "--guests", "3");
            assertEquals(2, r.code(), r::toString);
            assertEquals("locktable: Invalid value for option '--guests': '3' is not 1 or 2", r.err().strip());
        }
    }

    /** A policy override names what one kernel's patches model: with two kernels (or the default three) it is refused. */
    @Test
    void kernelsPolicyNeedsExactlyOneKernel(@TempDir Path dir) {
        for (String[] args : new String[][] {{"kernel", "matrix", "--policy", "ext4-patch1", "--out", dir.toString()},
            {"kernel", "matrix", "--kernel", "debian:6.1", "--kernel", "debian:6.12", "--policy", "ext4-patch1", "--out",
                dir.toString()}}) {
            Cli.Run r = Cli.run(args);
            assertEquals(2, r.code(), r::toString);
            assertEquals("locktable: --policy grades one kernel: give exactly one --kernel", r.err().strip());
        }
        Cli.Run unknown = Cli.run("kernel", "matrix", "--kernel", "debian:6.1", "--policy", "ext4-patch9", "--out", dir.toString());
        assertEquals(2, unknown.code(), unknown::toString);
        assertTrue(unknown.err().contains("ext4-patch"), unknown.err());
    }

    @Test
    void aMissingPackageIsAUsageError(@TempDir Path dir) {
        Cli.Run r = Cli.run("kernel", "matrix", "--kernel", dir.resolve("linux-image-none.deb").toString(), "--out",
                dir.toString());
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().contains("no kernel package "), r.err());
    }

    @Test
    void observeNeedsAKernelAndAKnownPolicy() {
        assertEquals(2, Cli.run("kernel", "observe").code());
        Cli.Run r = Cli.run("kernel", "observe", "--kernel", "debian:6.1", "--diff", "xfs-dioo");
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().contains("xfs-dio"), r.err());
    }

    /** Not a kernel: QEMU refuses it (or the machine lacks QEMU): exit 3 with one line, nothing left running. */
    @Test
    void aFileThatIsNoKernelExitsWithThree(@TempDir Path dir) throws Exception {
        Path bogus = Files.writeString(dir.resolve("vmlinuz-bogus"), "not a kernel");
        Cli.Run r = Cli.run("kernel", "grade", "--kernel", bogus.toString(), "--cache-dir", dir.resolve("cache").toString(),
                "--quick", "--no-scenarios");
        assertEquals(3, r.code(), () -> r.out() + r.err());
        assertTrue(r.err().startsWith("locktable: kernel grade cannot run on this machine: "), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count());
    }
}

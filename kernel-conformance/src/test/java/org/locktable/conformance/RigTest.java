package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * The conformance rig tears down what it set up — helpers first, then file systems, the tmpfs and its directory —
 * normally, after a failure, and when a file system is released. (The sandbox's own tests, SIGTERM included, are in
 * linux-rig.)
 */
class RigTest {

    static boolean mounted(Path dir) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"), StandardCharsets.UTF_8)) {
            String[] f = line.split(" ");
            if (f.length > 4 && f[4].equals(dir.toString())) {
                return true;
            }
        }
        return false;
    }

    @Test
    void closeTearsDownTheHelperAndEveryFileSystem() throws Exception {
        Rig rig = KernelTestEnvironment.rig();
        MountedFs fs;
        try {
            fs = KernelTestEnvironment.fs(rig, FsSpec.EXT4);
            rig.helper(fs).ok("create held"); // an open file: the helper must go before the unmount
            assertTrue(mounted(fs.mountPoint()));
        } finally {
            rig.close();
        }
        assertFalse(mounted(fs.mountPoint()));
        assertFalse(Files.exists(rig.base()), "temporary directory removed");
        for (String l : rig.sandbox().teardownLog()) {
            assertTrue(l.startsWith("undone: "), l);
        }
    }

    @Test
    void aFailureInsideTheRunStillTearsDown() throws Exception {
        KernelTestEnvironment.require(); // before assertThrows, which would take a skip for the failure it waits for
        Path[] seen = new Path[2];
        assertThrows(IllegalStateException.class, () -> {
            try (Rig rig = KernelTestEnvironment.rig()) {
                MountedFs fs = KernelTestEnvironment.fs(rig, FsSpec.EXT4);
                seen[0] = fs.mountPoint();
                seen[1] = rig.base();
                throw new IllegalStateException("a failure in the middle of a run");
            }
        });
        assertFalse(mounted(seen[0]));
        assertFalse(Files.exists(seen[1]));
    }

    @Test
    void releaseUnmountsOneFileSystemAndMakesItAgainOnNextUse() throws Exception {
        try (Rig rig = KernelTestEnvironment.rig()) {
            MountedFs first = KernelTestEnvironment.fs(rig, FsSpec.EXT4);
            rig.release(FsSpec.EXT4);
            assertFalse(mounted(first.mountPoint()));
            MountedFs again = KernelTestEnvironment.fs(rig, FsSpec.EXT4);
            assertTrue(mounted(again.mountPoint()));
        }
    }
}

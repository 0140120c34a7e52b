package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The set-up is torn down completely: normally, after a failure, on an interrupt; and only what it set up. */
class MountsTest {

    static boolean mounted(Path dir) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"), StandardCharsets.UTF_8)) {
            String[] f = line.split(" ");
            if (f.length > 4 && f[4].equals(dir.toString())) {
                return true;
            }
        }
        return false;
    }

    static String backing(String dev) throws IOException {
        return Shell.run(List.of(Tools.path("losetup"), "-n", "-O", "BACK-FILE", dev)).out().strip();
    }

    @Test
    void closeTearsDownEverythingInReverse() throws Exception {
        Rig rig = KernelTestEnvironment.rig();
        MountedFs fs;
        try {
            fs = KernelTestEnvironment.fs(rig, FsSpec.EXT4);
            assertTrue(mounted(fs.mountPoint()));
            assertTrue(backing(fs.device()).startsWith(fs.image().toString()));
            assertFalse(rig.mounts().active().isEmpty());
        } finally {
            rig.close();
        }
        assertFalse(mounted(fs.mountPoint()));
        assertFalse(backing(fs.device()).startsWith(fs.image().toString()), "loop device detached");
        assertFalse(Files.exists(rig.base()), "temporary directory removed");
        assertTrue(rig.mounts().active().isEmpty());
        for (String l : rig.mounts().teardownLog()) {
            assertTrue(l.startsWith("undone: "), l);
        }
    }

    @Test
    void aFailureInsideTheRunStillTearsDown() throws Exception {
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
    void aFailedSetUpStepRollsBackWhatCameBefore() throws Exception {
        KernelTestEnvironment.require();
        Mounts m = new Mounts();
        Path dir = m.tempDir("locktable-mounts-test-");
        assertThrows(EnvironmentException.class, () -> m.mount("/dev/locktable-no-such-device", dir, "ext4"));
        m.close();
        assertFalse(Files.exists(dir));
    }

    /** The shutdown hook tears down when the JVM is killed (SIGTERM, as on Ctrl-C or a CI timeout). */
    @Test
    void anInterruptTearsDownThroughTheShutdownHook() throws Exception {
        KernelTestEnvironment.require();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), HoldRig.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String ready;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            ready = r.readLine();
        }
        assertTrue(ready != null && ready.startsWith("READY "), "child said " + ready);
        String[] f = ready.split(" ");
        Path mnt = Path.of(f[1]);
        String image = f[2];
        String dev = f[3];
        Path base = Path.of(f[4]);
        assertTrue(mounted(mnt));
        child.destroy(); // SIGTERM
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child did not exit");
        assertFalse(mounted(mnt), "unmounted by the shutdown hook");
        assertFalse(backing(dev).startsWith(image), "loop device detached by the shutdown hook");
        assertFalse(Files.exists(base), "temporary directory removed by the shutdown hook");
    }

    /** A loop device that someone else attached after ours was freed is left alone. */
    @Test
    void aLoopDeviceNowBackedByAnotherFileIsLeftAlone() throws Exception {
        KernelTestEnvironment.require();
        Path dir = Files.createTempDirectory("locktable-other-");
        Path ours = dir.resolve("ours.img");
        Path theirs = dir.resolve("theirs.img");
        try (java.io.RandomAccessFile a = new java.io.RandomAccessFile(ours.toFile(), "rw");
             java.io.RandomAccessFile b = new java.io.RandomAccessFile(theirs.toFile(), "rw")) {
            a.setLength(1 << 20);
            b.setLength(1 << 20);
        }
        Mounts m = new Mounts();
        String dev;
        try {
            dev = m.attachLoop(ours, 512);
        } catch (EnvironmentException e) {
            m.close();
            KernelTestEnvironment.unavailable(e.getMessage());
            return;
        }
        try {
            Shell.check(List.of(Tools.path("losetup"), "-d", dev));
            Shell.Result attach = Shell.run(List.of(Tools.path("losetup"), dev, theirs.toString()));
            if (!attach.ok()) {
                KernelTestEnvironment.unavailable("cannot reattach " + dev + ": " + attach.describe());
            }
            m.close();
            assertEquals(theirs.toString(), backing(dev), "the other user's device was left attached");
            assertTrue(m.teardownLog().stream().anyMatch(l -> l.contains("left alone")), m.teardownLog().toString());
        } finally {
            m.close();
            if (backing(dev).equals(theirs.toString())) {
                Shell.run(List.of(Tools.path("losetup"), "-d", dev));
            }
            Files.deleteIfExists(ours);
            Files.deleteIfExists(theirs);
            Files.deleteIfExists(dir);
        }
    }
}

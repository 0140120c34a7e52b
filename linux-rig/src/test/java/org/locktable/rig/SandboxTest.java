package org.locktable.rig;

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

/** The set-up is torn down completely: normally, after a failure, on SIGTERM; and only what it set up. */
class SandboxTest {
    static final LoopFsSpec EXT4 = new LoopFsSpec("ext4", 64L << 20, 4096, 512, false);
    static final Requirements NEEDS = Requirements.loopMounts().tools("mkfs.ext4").filesystems("ext4");

    /** Mount points at or under {@code dir}. */
    static List<String> mountsUnder(Path dir) throws IOException {
        return Files.readAllLines(Path.of("/proc/self/mountinfo"), StandardCharsets.UTF_8).stream()
                .map(l -> l.split(" ")).filter(f -> f.length > 4 && f[4].startsWith(dir.toString()))
                .map(f -> f[4]).toList();
    }

    /** {@code losetup -a} lines naming {@code image}. */
    static List<String> loopsOn(String image) throws IOException {
        return Shell.check(List.of(Shell.tool("losetup"), "-a")).lines().filter(l -> l.contains(image)).toList();
    }

    static String backing(String dev) throws IOException {
        return Shell.run(List.of(Shell.tool("losetup"), "-n", "-O", "BACK-FILE", dev)).out().strip();
    }

    @Test
    void closeTearsDownEverythingInReverse() throws Exception {
        KernelTestEnvironment.require(NEEDS);
        Sandbox sandbox = new Sandbox();
        Path base;
        LoopFs fs;
        try {
            base = sandbox.tempDir("locktable-rig-test-");
            sandbox.mountTmpfs(base, "256m");
            fs = KernelTestEnvironment.setUp(() -> sandbox.loopFs(EXT4, base.resolve("a.img"), base.resolve("m"), "a"));
            assertEquals(List.of(base.toString(), fs.mountPoint().toString()), mountsUnder(base));
            assertTrue(backing(fs.device()).startsWith(fs.image().toString()));
        } finally {
            sandbox.close();
        }
        assertEquals(List.of(), mountsUnder(base));
        assertEquals(List.of(), loopsOn(fs.image().toString()), "loop device detached");
        assertFalse(Files.exists(base), "temporary directory removed");
        assertTrue(sandbox.active().isEmpty());
        for (String l : sandbox.teardownLog()) {
            assertTrue(l.startsWith("undone: "), l);
        }
    }

    /** The calibration's order (loop device first, mkfs on the device), with direct I/O, and FIEMAP of a file on it. */
    @Test
    void anXfsOnADirectIoLoopDeviceAndTheFiemapOfAFileOnIt() throws Exception {
        KernelTestEnvironment.require(Requirements.loopMounts().tools("mkfs.xfs", "xfs_io").filesystems("xfs"));
        try (Sandbox sandbox = new Sandbox()) {
            Path root = sandbox.tmpfs("locktable-rig-test-", "512m");
            LoopFsSpec xfs = new LoopFsSpec("xfs", 320L << 20, 4096, 512, true);
            Path image = sandbox.image(root.resolve("xfs.img"), xfs.imageBytes());
            String dev = KernelTestEnvironment.setUp(() -> sandbox.attachLoop(image, 512, true));
            assertEquals("1", Shell.check(List.of(Shell.tool("losetup"), "-n", "-O", "DIO", dev)).strip(),
                    "direct I/O on");
            Shell.check(xfs.mkfs(dev));
            Path mnt = sandbox.mkdir(root.resolve("xfs"));
            sandbox.mount(dev, mnt, "xfs");
            Path file = mnt.resolve("wu");
            Shell.check(List.of(Shell.tool("xfs_io"), "-f", "-c", "falloc 0 65536", "-c", "pwrite -q 0 4096",
                    "-c", "fsync", file.toString()));
            FileMap map = FileMap.of(file);
            assertEquals(65536, map.size());
            assertEquals(2, map.extents().size(), map.toString());
            assertEquals(new FileMap.Extent(0, map.extents().get(0).physical(), 4096, 0), map.extents().get(0));
            assertEquals(4096, map.extents().get(1).logical());
            assertEquals(61440, map.extents().get(1).length());
            assertEquals(1, map.unwrittenExtents(), map.toString());
        }
    }

    /** Sandbox.mkfs on a loop device already attached: an ext4 that mounts, and a device too small for one. */
    @Test
    void mkfsOnAnAttachedLoopDevice() throws Exception {
        KernelTestEnvironment.require(NEEDS);
        try (Sandbox sandbox = new Sandbox()) {
            Path root = sandbox.tmpfs("locktable-rig-test-", "128m");
            Path image = sandbox.image(root.resolve("ext4.img"), EXT4.imageBytes());
            String dev = KernelTestEnvironment.setUp(() -> sandbox.attachLoop(image, EXT4.sectorSize(), false));
            KernelTestEnvironment.setUp(() -> {
                sandbox.mkfs(EXT4, dev, "test ext4");
                return null;
            });
            Path mnt = sandbox.mkdir(root.resolve("ext4"));
            sandbox.mount(dev, mnt, "ext4");
            assertEquals(List.of(mnt.toString()), mountsUnder(mnt));

            Path small = sandbox.image(root.resolve("small.img"), 64L << 10);
            String smallDev = KernelTestEnvironment.setUp(() -> sandbox.attachLoop(small, 512, false));
            EnvironmentException e = assertThrows(EnvironmentException.class,
                    () -> sandbox.mkfs(EXT4, smallDev, "small ext4"));
            assertTrue(e.getMessage().startsWith("cannot make small ext4: `"), e.getMessage());
        }
    }

    @Test
    void aFailedSetUpStepRollsBackWhatCameBefore() throws Exception {
        KernelTestEnvironment.require(NEEDS);
        try (Sandbox sandbox = new Sandbox()) {
            Path dir = sandbox.tempDir("locktable-rig-test-");
            int mark = sandbox.mark();
            Path image = dir.resolve("tiny.img");
            // 64 KiB is too small for an ext4 with 4 KiB blocks: mkfs fails after the image was made
            LoopFsSpec tooSmall = new LoopFsSpec("ext4", 64L << 10, 4096, 512, false);
            EnvironmentException e = assertThrows(EnvironmentException.class,
                    () -> sandbox.loopFs(tooSmall, image, dir.resolve("m"), "tiny ext4"));
            assertTrue(e.getMessage().startsWith("cannot make tiny ext4: "), e.getMessage());
            assertFalse(Files.exists(image), "the image was removed with the failed step");
            assertEquals(mark, sandbox.mark());
            assertThrows(EnvironmentException.class, () -> sandbox.mount("/dev/locktable-no-such-device", dir, "ext4"));
        }
    }

    /** SIGTERM (Ctrl-C, a CI timeout) mid-run: the shutdown hook leaves no mount, loop device or file behind. */
    @Test
    void aKilledRunLeavesNothingBehind() throws Exception {
        KernelTestEnvironment.require(NEEDS);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                HoldSandbox.class.getName()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String ready;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            ready = r.readLine();
        }
        if (ready == null) {
            assertTrue(child.waitFor(60, TimeUnit.SECONDS));
            KernelTestEnvironment.unavailable("the child could not set up (exit " + child.exitValue() + ")");
        }
        assertTrue(ready.startsWith("READY "), "child said " + ready);
        String[] f = ready.split(" ");
        Path mnt = Path.of(f[1]);
        String image = f[2];
        Path base = Path.of(f[4]);
        assertEquals(2, mountsUnder(base).size(), "tmpfs and ext4 mounted: " + mountsUnder(base));
        assertTrue(mountsUnder(base).contains(mnt.toString()));
        assertEquals(1, loopsOn(image).size());
        child.destroy(); // SIGTERM
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child did not exit");
        assertEquals(List.of(), mountsUnder(base), "unmounted by the shutdown hook");
        assertEquals(List.of(), loopsOn(image), "loop device detached by the shutdown hook");
        assertFalse(Files.exists(base), "temporary directory removed by the shutdown hook");
    }

    /** A loop device that someone else attached after ours was freed is left alone. */
    @Test
    void aLoopDeviceNowBackedByAnotherFileIsLeftAlone() throws Exception {
        KernelTestEnvironment.require(NEEDS);
        Path dir = Files.createTempDirectory("locktable-other-");
        Path ours = dir.resolve("ours.img");
        Path theirs = dir.resolve("theirs.img");
        try (java.io.RandomAccessFile a = new java.io.RandomAccessFile(ours.toFile(), "rw");
             java.io.RandomAccessFile b = new java.io.RandomAccessFile(theirs.toFile(), "rw")) {
            a.setLength(1 << 20);
            b.setLength(1 << 20);
        }
        Sandbox m = new Sandbox();
        String dev = null;
        try {
            dev = KernelTestEnvironment.setUp(() -> m.attachLoop(ours, 512, false));
            Shell.check(List.of(Shell.tool("losetup"), "-d", dev));
            Shell.Result attach = Shell.run(List.of(Shell.tool("losetup"), dev, theirs.toString()));
            if (!attach.ok()) {
                KernelTestEnvironment.unavailable("cannot reattach " + dev + ": " + attach.describe());
            }
            m.close();
            assertEquals(theirs.toString(), backing(dev), "the other user's device was left attached");
            assertTrue(m.teardownLog().stream().anyMatch(l -> l.contains("left alone")), m.teardownLog().toString());
        } finally {
            m.close();
            if (dev != null && backing(dev).equals(theirs.toString())) {
                Shell.run(List.of(Shell.tool("losetup"), "-d", dev));
            }
            Files.deleteIfExists(ours);
            Files.deleteIfExists(theirs);
            Files.deleteIfExists(dir);
        }
    }
}

package org.locktable.calibration.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.rig.KernelTestEnvironment;
import org.locktable.rig.LoopFsSpec;
import org.locktable.rig.Requirements;
import org.locktable.rig.Sandbox;

/**
 * {@code calibrate device} on loop devices (root: skipped elsewhere, failed under LOCKTABLE_KERNEL_TESTS=required):
 * the tiny plan on a directory of a mounted XFS, and the targets it refuses: a mounted block device, one that is not
 * empty without --destructive, a directory on tmpfs, a regular file.
 */
class DeviceCalibrationLiveTest {
    private static final Requirements NEEDS = Requirements.loopMounts().tools("fio", "mkfs.xfs", "mkfs.ext4", "blkid")
            .filesystems("xfs");

    @Test
    void aDirectoryOnXfsIsMeasuredAndFittedAndBadTargetsAreRefused() throws Exception {
        KernelTestEnvironment.require(NEEDS);
        try (Sandbox box = new Sandbox()) {
            Path root = KernelTestEnvironment.setUp(() -> box.tmpfs("locktable-device-test-", "700m"));
            LoopFsSpec xfs = new LoopFsSpec("xfs", 320L << 20, 4096, LoopFsSpec.DEFAULT_SECTOR_SIZE, false);
            String dev = KernelTestEnvironment.setUp(() -> box.attachLoop(box.image(root.resolve("xfs.img"),
                    xfs.imageBytes()), xfs.sectorSize(), xfs.directIo()));
            KernelTestEnvironment.setUp(() -> {
                box.mkfs(xfs, dev, "the device test's XFS");
                return null;
            });
            Path mnt = box.mkdir(root.resolve("mnt"));
            KernelTestEnvironment.setUp(() -> {
                box.mount(dev, mnt, "xfs");
                return null;
            });

            DeviceTarget t = DeviceTarget.of(mnt, false);
            assertEquals("xfs", t.fileSystem());
            assertTrue(t.loop(), t.describe());
            List<String> progress = new ArrayList<>();
            DeviceCalibration.Outcome o = DeviceCalibration.run(t, DevicePlan.tiny(), "live-test", progress::add);
            assertEquals(16, o.rows().size());
            assertTrue(o.rows().stream().allMatch(r -> r.measured() > 0 && r.predicted() > 0), o.rows().toString());
            assertTrue(progress.contains("[16/16] 4 KiB sequential writes into unwritten blocks, iodepth 32"),
                    progress.toString());
            try (var left = Files.list(mnt)) {
                assertEquals(List.of(), left.toList(), "the runs' files are removed");
            }

            DeviceTarget.Refused mounted = assertThrows(DeviceTarget.Refused.class,
                    () -> DeviceTarget.of(Path.of(dev), true));
            assertTrue(mounted.getMessage().startsWith(dev + ": mounted ("), mounted.getMessage());

            Path other = box.image(root.resolve("other.img"), 64L << 20);
            String used = box.attachLoop(other, 512, false);
            box.mkfs(new LoopFsSpec("ext4", 64L << 20, 4096, 512, false), used, "a file system to refuse");
            DeviceTarget.Refused full = assertThrows(DeviceTarget.Refused.class,
                    () -> DeviceTarget.of(Path.of(used), false));
            assertEquals(used + ": not empty (a file system signature: ext4); --destructive writes over it",
                    full.getMessage());
            assertTrue(DeviceTarget.of(Path.of(used), true).blockDevice(), "--destructive takes it");

            DeviceTarget.Refused tmpfs = assertThrows(DeviceTarget.Refused.class, () -> DeviceTarget.of(root, false));
            assertTrue(tmpfs.getMessage().contains(": on tmpfs"), tmpfs.getMessage());
            DeviceTarget.Refused file = assertThrows(DeviceTarget.Refused.class,
                    () -> DeviceTarget.of(root.resolve("xfs.img"), false));
            assertTrue(file.getMessage().contains(": a regular file;"), file.getMessage());
        }
    }
}

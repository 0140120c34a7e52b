package org.locktable.rig;

import java.util.ArrayList;
import java.util.List;

/**
 * A file system to make on a loop device over a sparse image file: its type ({@code ext4} or {@code xfs}), the
 * image's size, the block size and the loop device's logical sector size (512, or 4096 for a 4Kn device), and
 * whether the loop device does direct I/O to its backing file.
 */
public record LoopFsSpec(String type, long imageBytes, int blockSize, int sectorSize, boolean directIo) {
    public static final int DEFAULT_SECTOR_SIZE = 512;

    public LoopFsSpec {
        if (!type.equals("ext4") && !type.equals("xfs")) {
            throw new IllegalArgumentException("the rig makes ext4 or xfs, not " + type);
        }
    }

    /**
     * The mkfs command for {@code target} (the image or the device). mkfs.ext4 gets {@code -b} explicitly, as it
     * picks 1 KiB blocks for small images; mkfs.xfs gets the sector size of a 4Kn device, which an image lacks.
     */
    public List<String> mkfs(String target) {
        List<String> cmd = new ArrayList<>();
        if (type.equals("ext4")) {
            cmd.addAll(List.of("mkfs.ext4", "-q", "-F", "-b", Integer.toString(blockSize)));
        } else {
            cmd.addAll(List.of("mkfs.xfs", "-q", "-f", "-b", "size=" + blockSize));
            if (sectorSize != DEFAULT_SECTOR_SIZE) {
                cmd.addAll(List.of("-s", "size=" + sectorSize));
            }
        }
        cmd.add(target);
        return cmd;
    }

    /** {@code losetup -f --show [--sector-size N] [--direct-io=on] IMG}: attaches a free loop device, prints it. */
    public List<String> losetup(String image) {
        return losetup(image, sectorSize, directIo);
    }

    /** {@link #losetup(String)} for any image. */
    public static List<String> losetup(String image, int sectorSize, boolean directIo) {
        List<String> cmd = new ArrayList<>(List.of("losetup", "-f", "--show"));
        if (sectorSize != DEFAULT_SECTOR_SIZE) {
            cmd.addAll(List.of("--sector-size", Integer.toString(sectorSize)));
        }
        if (directIo) {
            cmd.add("--direct-io=on");
        }
        cmd.add(image);
        return cmd;
    }
}

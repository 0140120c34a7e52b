package org.locktable.conformance;

import java.util.List;

import org.locktable.rig.LoopFsSpec;

/**
 * A file system to create: kind, block size and the loop device's logical sector size (512, or 4096 for a
 * 4Kn device). Images are small and live on tmpfs: ext4 64 MiB ({@code -b} is given explicitly, as
 * mkfs.ext4 picks 1 KiB blocks for small images), XFS 320 MiB (mkfs.xfs refuses images under 300 MB).
 */
public record FsSpec(FsKind kind, int blockSize, int sectorSize) {
    public static final FsSpec EXT4 = new FsSpec(FsKind.EXT4, 4096, 512);
    public static final FsSpec XFS = new FsSpec(FsKind.XFS, 4096, 512);

    /** {@code ext4}, {@code xfs 4Kn}, {@code ext4 1k}: also the name used for directories and the report. */
    public String label() {
        StringBuilder s = new StringBuilder(kind.id());
        if (blockSize != 4096) {
            s.append(' ').append(blockSize / 1024).append('k');
        }
        if (sectorSize != 512) {
            s.append(sectorSize == 4096 ? " 4Kn" : " lbs" + sectorSize);
        }
        return s.toString();
    }

    /** The label without spaces, for file names. */
    public String slug() {
        return label().replace(' ', '-');
    }

    public long imageBytes() {
        return (kind == FsKind.XFS ? 320L : 64L) << 20;
    }

    /** The image, mkfs and loop device the rig makes for it. */
    public LoopFsSpec loop() {
        return new LoopFsSpec(kind.id(), imageBytes(), blockSize, sectorSize, false);
    }

    /** The mkfs command for an image file. */
    public List<String> mkfs(String image) {
        return loop().mkfs(image);
    }

    /** {@code losetup -f --show [--sector-size N] IMG}. */
    public List<String> losetup(String image) {
        return loop().losetup(image);
    }

    /** One line for the report: what was created and how. */
    public String describe() {
        return "`" + String.join(" ", mkfs("IMG")) + "` on a " + (imageBytes() >> 20) + " MiB image on tmpfs, "
                + "loop device with " + sectorSize + "-byte logical sectors";
    }
}

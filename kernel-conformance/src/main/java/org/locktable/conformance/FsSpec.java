package org.locktable.conformance;

import java.util.ArrayList;
import java.util.List;

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

    /** The mkfs command for an image file. */
    public List<String> mkfs(String image) {
        List<String> cmd = new ArrayList<>();
        if (kind == FsKind.EXT4) {
            cmd.addAll(List.of("mkfs.ext4", "-q", "-F", "-b", Integer.toString(blockSize)));
        } else {
            cmd.addAll(List.of("mkfs.xfs", "-q", "-f", "-b", "size=" + blockSize));
            if (sectorSize != 512) {
                cmd.addAll(List.of("-s", "size=" + sectorSize));
            }
        }
        cmd.add(image);
        return cmd;
    }

    /** {@code losetup -f --show [--sector-size N] IMG}. */
    public List<String> losetup(String image) {
        List<String> cmd = new ArrayList<>(List.of("losetup", "-f", "--show"));
        if (sectorSize != 512) {
            cmd.addAll(List.of("--sector-size", Integer.toString(sectorSize)));
        }
        cmd.add(image);
        return cmd;
    }

    /** One line for the report: what was created and how. */
    public String describe() {
        return "`" + String.join(" ", mkfs("IMG")) + "` on a " + (imageBytes() >> 20) + " MiB image on tmpfs, "
                + "loop device with " + sectorSize + "-byte logical sectors";
    }
}

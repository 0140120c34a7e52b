package org.locktable.calibration.device;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.locktable.rig.Shell;

/**
 * What {@code calibrate device} measures: a directory on a mounted ext4 or XFS (the runs' files go in a directory of
 * their own there, removed afterwards), or a whole block device, written over. A block device is refused when it is
 * mounted (or a partition of it is), and when it is not empty (a file system signature, or data in its first MiB)
 * unless the user says {@code --destructive}.
 *
 * @param path what the user named
 * @param blockDevice whether it is a block device (else a directory)
 * @param fileSystem {@code ext4} or {@code xfs}, or {@code raw} for a block device
 * @param device the block device underneath ({@code loop3}, {@code nvme0n1}), its name in /sys/class/block
 * @param logicalBlock its logical block size: the smallest direct I/O
 * @param physicalBlock its physical block size: a smaller write is a read-modify-write inside the device
 * @param rotational whether the kernel counts it as rotational
 */
public record DeviceTarget(Path path, boolean blockDevice, String fileSystem, String device, int logicalBlock,
        int physicalBlock, boolean rotational) {

    /** Refused: the message names the target and the reason (exit 2). */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /** The target at {@code path}, checked. */
    public static DeviceTarget of(Path path, boolean destructive) throws Refused, IOException {
        if (!Files.exists(path)) {
            throw new Refused(path + ": no such file or directory");
        }
        if (Files.isDirectory(path)) {
            Mount m = mountOf(path.toRealPath()).orElseThrow(() -> new Refused(path + ": not on a mounted file "
                    + "system"));
            if (!m.type().equals("ext4") && !m.type().equals("xfs")) {
                throw new Refused(path + ": on " + m.type() + " (" + m.source() + "); calibrate device measures a "
                        + "directory on ext4 or XFS, or a block device");
            }
            String dev = blockName(Path.of(m.source()));
            return withQueue(path, false, m.type(), dev);
        }
        String type = Shell.check(List.of("stat", "-L", "-c", "%F", path.toString()), 10).strip();
        if (!type.equals("block special file")) {
            throw new Refused(path + ": a " + type + "; calibrate device measures a directory on ext4 or XFS, or a "
                    + "block device");
        }
        String dev = blockName(path);
        Optional<String> mounted = mountedFrom(dev);
        if (mounted.isPresent()) {
            throw new Refused(path + ": mounted (" + mounted.get() + "); unmount it, or give a directory on it");
        }
        if (!destructive) {
            Optional<String> used = contents(path);
            if (used.isPresent()) {
                throw new Refused(path + ": not empty (" + used.get() + "); --destructive writes over it");
            }
        }
        return withQueue(path, true, "raw", dev);
    }

    private static DeviceTarget withQueue(Path path, boolean block, String fs, String dev) throws IOException {
        Path queue = sysBlock(dev).resolve("queue");
        return new DeviceTarget(path, block, fs, dev, readInt(queue.resolve("logical_block_size"), 512),
                readInt(queue.resolve("physical_block_size"), 512), readInt(queue.resolve("rotational"), 0) == 1);
    }

    /** Whether the device is a loop device: its service is a kernel thread on the host's CPUs. */
    public boolean loop() {
        return device.startsWith("loop");
    }

    /** One line: {@code /mnt/x (xfs on loop3: 512 B logical, 4096 B physical blocks)}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s (%s%s: %d B logical, %d B physical blocks%s)", path,
                blockDevice ? "block device " : fileSystem + " on ", device, logicalBlock, physicalBlock,
                rotational ? ", rotational" : "");
    }

    /** A mounted file system: its device, where, and its type. */
    record Mount(String source, Path target, String type) {
    }

    /** The mount {@code dir} is on: the longest mount point that contains it. */
    static Optional<Mount> mountOf(Path dir) throws IOException {
        Mount best = null;
        for (Mount m : mounts()) {
            if (dir.startsWith(m.target()) && (best == null || m.target().getNameCount()
                    > best.target().getNameCount())) {
                best = m;
            }
        }
        return Optional.ofNullable(best);
    }

    static List<Mount> mounts() throws IOException {
        return Files.readAllLines(Path.of("/proc/mounts"), StandardCharsets.UTF_8).stream().map(l -> l.split(" "))
                .filter(f -> f.length >= 3)
                .map(f -> new Mount(unescape(f[0]), Path.of(unescape(f[1])), f[2])).toList();
    }

    /** /proc/mounts escapes spaces and the like as octal ({@code \040}). */
    static String unescape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Where {@code dev} (or a partition of it) is mounted, if it is. */
    static Optional<String> mountedFrom(String dev) throws IOException {
        for (Mount m : mounts()) {
            if (!m.source().startsWith("/dev/")) {
                continue;
            }
            String name;
            try {
                name = blockName(Path.of(m.source()));
            } catch (IOException e) {
                continue;
            }
            if (name.equals(dev) || Files.exists(sysBlock(dev).resolve(name))) {
                return Optional.of(m.source() + " on " + m.target());
            }
        }
        return Optional.empty();
    }

    /** A file system signature (blkid) or data in the first MiB, described; empty when there is neither. */
    static Optional<String> contents(Path device) throws IOException {
        Shell.Result blkid = Shell.run(List.of("blkid", "-p", "-o", "value", "-s", "TYPE", device.toString()), 30);
        if (blkid.exitCode() == 0 && !blkid.out().isBlank()) {
            return Optional.of("a file system signature: " + blkid.out().strip());
        }
        try (InputStream in = Files.newInputStream(device)) {
            byte[] b = in.readNBytes(1 << 20);
            for (byte x : b) {
                if (x != 0) {
                    return Optional.of("data in its first MiB");
                }
            }
        }
        return Optional.empty();
    }

    /** {@code /dev/loop3} → {@code loop3}, through symbolic links ({@code /dev/disk/by-id/...}). */
    static String blockName(Path device) throws IOException {
        Path real = device.toRealPath();
        String name = real.getFileName().toString();
        if (!Files.isDirectory(sysBlock(name))) {
            throw new IOException(device + " is not a block device the kernel lists in /sys/class/block");
        }
        return name;
    }

    /** {@code /sys/class/block/NAME}; a partition's queue is its disk's. */
    static Path sysBlock(String name) throws IOException {
        Path p = Path.of("/sys/class/block", name);
        if (Files.exists(p.resolve("partition"))) {
            return p.toRealPath().getParent();
        }
        return p;
    }

    private static int readInt(Path file, int otherwise) {
        try {
            return Integer.parseInt(Files.readString(file, StandardCharsets.UTF_8).strip());
        } catch (IOException | NumberFormatException e) {
            return otherwise;
        }
    }
}

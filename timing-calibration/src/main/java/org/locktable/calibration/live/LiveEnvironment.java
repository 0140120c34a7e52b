package org.locktable.calibration.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the live calibration needs: Linux, root, loop devices, ext4, XFS and tmpfs in the kernel, fio, the mkfs
 * tools, losetup, mount and xfs_io. {@link #missing()} names the first thing missing in one line.
 * {@code LOCKTABLE_KERNEL_TESTS=required} turns a missing environment from a skip into a failure
 * ({@link #required()}).
 */
public final class LiveEnvironment {
    private LiveEnvironment() {
    }

    /** The environment variable that makes a missing environment a failure. */
    public static final String REQUIRED_ENV = "LOCKTABLE_KERNEL_TESTS";

    /** True when {@code LOCKTABLE_KERNEL_TESTS=required}. */
    public static boolean required() {
        return "required".equalsIgnoreCase(System.getenv(REQUIRED_ENV));
    }

    /** The first thing missing, one line, or empty when the live calibration can run. */
    public static Optional<String> missing() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.of("not Linux (os.name=" + System.getProperty("os.name") + ")");
        }
        try {
            String status = Files.readString(Path.of("/proc/self/status"), StandardCharsets.UTF_8);
            for (String line : status.split("\n")) {
                if (line.startsWith("Uid:")) {
                    String[] f = line.substring(4).trim().split("\\s+");
                    if (f.length > 1 && !f[1].equals("0")) {
                        return Optional.of("not root (effective uid " + f[1] + "): loop devices and mounts need root");
                    }
                }
            }
        } catch (IOException e) {
            return Optional.of("cannot read /proc/self/status: " + e.getMessage());
        }
        if (!Files.exists(Path.of("/dev/loop-control"))) {
            return Optional.of("no loop devices (/dev/loop-control is missing)");
        }
        for (String tool : List.of("fio", "losetup", "mount", "umount", "mkfs.ext4", "mkfs.xfs", "xfs_io")) {
            if (Shell.which(tool) == null) {
                return Optional.of(tool + " is not installed (apt-get install " + packageOf(tool) + ")");
            }
        }
        try {
            String fss = Files.readString(Path.of("/proc/filesystems"), StandardCharsets.UTF_8);
            for (String fs : List.of("ext4", "xfs", "tmpfs")) {
                if (!fss.matches("(?s).*\\b" + fs + "\\n.*")) {
                    return Optional.of("the kernel has no " + fs + " (/proc/filesystems)");
                }
            }
        } catch (IOException e) {
            return Optional.of("cannot read /proc/filesystems: " + e.getMessage());
        }
        return Optional.empty();
    }

    private static String packageOf(String tool) {
        switch (tool) {
            case "fio":
                return "fio";
            case "mkfs.ext4":
                return "e2fsprogs";
            case "mkfs.xfs":
            case "xfs_io":
                return "xfsprogs";
            default:
                return "util-linux mount";
        }
    }
}

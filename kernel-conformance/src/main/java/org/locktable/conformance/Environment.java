package org.locktable.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the live conformance needs from the machine: root, loop devices, ext4 and XFS in the kernel, the
 * mkfs tools, mount/losetup, xfs_io (for the hand reproductions) and a C compiler for the helper.
 */
public final class Environment {
    private Environment() {
    }

    /** The first thing missing, as one line, or empty when the machine can run the live conformance. */
    public static Optional<String> missing() {
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            return Optional.of("not Linux (os.name=" + System.getProperty("os.name") + ")");
        }
        Optional<String> root = notRoot();
        if (root.isPresent()) {
            return root;
        }
        if (!Files.exists(Path.of("/dev/loop-control"))) {
            return Optional.of("no loop devices (/dev/loop-control is missing)");
        }
        for (String tool : List.of("losetup", "mount", "umount", "mkfs.ext4", "mkfs.xfs", "xfs_io")) {
            if (!Shell.onPath(tool)) {
                return Optional.of(tool + " is not installed (" + packageOf(tool) + ")");
            }
        }
        if (Ltprobe.compiler() == null) {
            return Optional.of("no C compiler (cc or gcc) to build the ltprobe helper (apt-get install gcc)");
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

    /** Throws {@link EnvironmentException} with {@link #missing()}'s reason. */
    public static void check() throws EnvironmentException {
        Optional<String> m = missing();
        if (m.isPresent()) {
            throw new EnvironmentException(m.get());
        }
    }

    private static Optional<String> notRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Uid:")) {
                    String[] f = line.substring(4).trim().split("\\s+");
                    if (!"0".equals(f[1])) {
                        return Optional.of("not root (effective uid " + f[1] + "): loop devices and mounts need root");
                    }
                    return Optional.empty();
                }
            }
        } catch (IOException e) {
            return Optional.of("cannot read /proc/self/status: " + e.getMessage());
        }
        return Optional.of("cannot tell the effective uid");
    }

    private static String packageOf(String tool) {
        switch (tool) {
            case "mkfs.ext4":
                return "apt-get install e2fsprogs";
            case "mkfs.xfs":
            case "xfs_io":
                return "apt-get install xfsprogs";
            default:
                return "apt-get install util-linux mount";
        }
    }
}

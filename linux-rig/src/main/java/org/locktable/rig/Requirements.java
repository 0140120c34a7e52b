package org.locktable.rig;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What live kernel work needs from the machine, and the first thing missing as one line: Linux, root, loop devices,
 * the tools (with the package that has them), a C compiler for a native helper, the file systems in the kernel.
 * {@link #loopMounts()} is what every use of a {@link Sandbox} needs; a use adds its own tools and file systems.
 */
public final class Requirements {
    private static final Map<String, String> PACKAGES = Map.of(
            "mkfs.ext4", "e2fsprogs", "mkfs.xfs", "xfsprogs", "xfs_io", "xfsprogs", "fio", "fio",
            "losetup", "util-linux mount", "mount", "util-linux mount", "umount", "util-linux mount");

    private final List<String> tools;
    private final boolean compiler;
    private final List<String> filesystems;

    private Requirements(List<String> tools, boolean compiler, List<String> filesystems) {
        this.tools = List.copyOf(tools);
        this.compiler = compiler;
        this.filesystems = List.copyOf(filesystems);
    }

    /** Linux, root, {@code /dev/loop-control}, losetup, mount, umount and tmpfs. */
    public static Requirements loopMounts() {
        return new Requirements(List.of("losetup", "mount", "umount"), false, List.of("tmpfs"));
    }

    /** These tools too, checked in this order after the ones already required. */
    public Requirements tools(String... names) {
        List<String> t = new ArrayList<>(tools);
        t.addAll(List.of(names));
        return new Requirements(t, compiler, filesystems);
    }

    /** A C compiler ({@code cc} or {@code gcc}) for {@link NativeHelper}. */
    public Requirements compiler() {
        return new Requirements(tools, true, filesystems);
    }

    /** These file systems in {@code /proc/filesystems} too, checked before tmpfs. */
    public Requirements filesystems(String... names) {
        List<String> f = new ArrayList<>(List.of(names));
        f.addAll(filesystems);
        return new Requirements(tools, compiler, f);
    }

    /** The first thing missing, as one line, or empty when the machine has everything. */
    public Optional<String> missing() {
        String os = System.getProperty("os.name", "");
        if (!os.toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.of("not Linux (os.name=" + os + ")");
        }
        Optional<String> root = notRoot();
        if (root.isPresent()) {
            return root;
        }
        if (!Files.exists(Path.of("/dev/loop-control"))) {
            return Optional.of("no loop devices (/dev/loop-control is missing)");
        }
        for (String tool : tools) {
            if (Shell.which(tool) == null) {
                return Optional.of(notInstalled(tool));
            }
        }
        if (compiler && NativeHelper.compiler() == null) {
            return Optional.of("no C compiler (cc or gcc) to build the native helper (apt-get install gcc)");
        }
        return missingFilesystem();
    }

    /** Throws {@link EnvironmentException} with {@link #missing()}'s reason. */
    public void check() throws EnvironmentException {
        Optional<String> m = missing();
        if (m.isPresent()) {
            throw new EnvironmentException(m.get());
        }
    }

    /** {@code mkfs.xfs is not installed (apt-get install xfsprogs)}. */
    static String notInstalled(String tool) {
        return tool + " is not installed (apt-get install " + PACKAGES.getOrDefault(tool, tool) + ")";
    }

    private Optional<String> missingFilesystem() {
        try {
            String known = Files.readString(Path.of("/proc/filesystems"), StandardCharsets.UTF_8);
            for (String fs : filesystems) {
                if (!known.matches("(?s).*\\b" + fs + "\\n.*")) {
                    return Optional.of("the kernel has no " + fs + " (/proc/filesystems)");
                }
            }
        } catch (IOException e) {
            return Optional.of("cannot read /proc/filesystems: " + e.getMessage());
        }
        return Optional.empty();
    }

    private static Optional<String> notRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Uid:")) {
                    String[] f = line.substring(4).trim().split("\\s+");
                    if (f.length < 2 || !"0".equals(f[1])) {
                        String uid = f.length < 2 ? "?" : f[1];
                        return Optional.of("not root (effective uid " + uid + "): loop devices and mounts need root");
                    }
                    return Optional.empty();
                }
            }
        } catch (IOException e) {
            return Optional.of("cannot read /proc/self/status: " + e.getMessage());
        }
        return Optional.of("cannot tell the effective uid");
    }
}

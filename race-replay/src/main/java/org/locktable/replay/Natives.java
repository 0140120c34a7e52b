package org.locktable.replay;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.NativeHelper;
import org.locktable.rig.Requirements;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * The replay's two C programs, resources of this module compiled at run time: {@code ltreorder.c} (the reordering
 * FUSE device, libfuse3) and {@code ltrun.c} (the race helper, libaio and liburing), and what the machine needs for
 * them beyond the rig's loop mounts.
 */
public final class Natives {
    /** Loop mounts, ext4 and XFS with their tools, FUSE, a C compiler. */
    public static final Requirements REQUIREMENTS = Requirements.loopMounts()
            .tools("mkfs.ext4", "mkfs.xfs", "xfs_io", "pkg-config", "fusermount3").compiler()
            .filesystems("ext4", "xfs", "fuse");
    private static final String PACKAGES = "apt-get install fuse3 libfuse3-dev libaio-dev liburing-dev";

    /** The two binaries. */
    public record Binaries(Path reorder, Path run) {
    }

    private Natives() {
    }

    /** Checks the machine: {@link #REQUIREMENTS}, {@code /dev/fuse}, the libfuse3, libaio and liburing headers. */
    public static void check() throws EnvironmentException {
        REQUIREMENTS.check();
        if (!Files.exists(Path.of("/dev/fuse"))) {
            throw new EnvironmentException("no /dev/fuse: the reordering device is a FUSE file system");
        }
        checkBuild();
    }

    /**
     * What compiling the two programs needs, and no more (a guest kernel runs them, not this one): a C compiler,
     * pkg-config and the libfuse3, libaio and liburing headers.
     */
    public static void checkBuild() throws EnvironmentException {
        if (NativeHelper.compiler() == null) {
            throw new EnvironmentException("no C compiler (cc or gcc) to build the replay's programs (apt-get install gcc)");
        }
        if (Shell.which("pkg-config") == null) {
            throw new EnvironmentException("no pkg-config (apt-get install pkg-config)");
        }
        for (String header : List.of("/usr/include/libaio.h", "/usr/include/liburing.h")) {
            if (!Files.exists(Path.of(header))) {
                throw new EnvironmentException(header + " is missing (" + PACKAGES + ")");
            }
        }
    }

    /** Compiles both programs into {@code dir}; an EnvironmentException when a library is missing. */
    public static Binaries compile(Sandbox sandbox, Path dir) throws IOException {
        checkBuild();
        Shell.Result fuse = Shell.run(List.of(Shell.tool("pkg-config"), "--cflags", "--libs", "fuse3"));
        if (!fuse.ok()) {
            throw new EnvironmentException("libfuse3 is not installed (" + PACKAGES + "): " + fuse.describe());
        }
        List<String> flags = Arrays.asList(fuse.out().strip().split("\\s+"));
        List<String> cflags = flags.stream().filter(f -> !f.startsWith("-l")).toList();
        List<String> libs = flags.stream().filter(f -> f.startsWith("-l")).toList();
        Path reorder = NativeHelper.compile(sandbox, dir, "ltreorder", source("ltreorder.c"), cflags, libs);
        Path run = NativeHelper.compile(sandbox, dir, "ltrun", source("ltrun.c"), List.of(), List.of("-laio", "-luring", "-pthread"));
        return new Binaries(reorder, run);
    }

    static String source(String name) throws IOException {
        try (InputStream s = Natives.class.getResourceAsStream(name)) {
            if (s == null) {
                throw new IOException(name + " is missing from the class path");
            }
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

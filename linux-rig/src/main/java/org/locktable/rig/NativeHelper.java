package org.locktable.rig;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A C helper compiled at run time ({@code cc -O2 -Wall}) from its source, for what Java cannot do: pwritev2 with
 * RWF_NOWAIT, FIEMAP, mincore. The source and the binary are deleted at the sandbox's teardown.
 */
public final class NativeHelper {
    private NativeHelper() {
    }

    /** {@code cc} or {@code gcc} on the PATH, or null. */
    public static String compiler() {
        String cc = Shell.which("cc");
        return cc != null ? cc : Shell.which("gcc");
    }

    /** Writes {@code source} to {@code dir/name.c} and compiles it to {@code dir/name}; returns the binary. */
    public static Path compile(Sandbox sandbox, Path dir, String name, String source) throws IOException {
        return compile(sandbox, dir, name, source, List.of(), List.of());
    }

    /**
     * {@link #compile(Sandbox, Path, String, String)} with {@code cflags} before the source and {@code libs} after it
     * ({@code -lfuse3 -laio}), as the linker wants them.
     */
    public static Path compile(Sandbox sandbox, Path dir, String name, String source, List<String> cflags,
            List<String> libs) throws IOException {
        String cc = compiler();
        if (cc == null) {
            throw new EnvironmentException("no C compiler: " + name + " needs cc or gcc (apt-get install gcc)");
        }
        Path src = dir.resolve(name + ".c");
        Path bin = dir.resolve(name);
        sandbox.file(src);
        sandbox.file(bin);
        Files.writeString(src, source, StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>(List.of(cc, "-O2", "-Wall"));
        cmd.addAll(cflags);
        cmd.addAll(List.of("-o", bin.toString(), src.toString()));
        cmd.addAll(libs);
        Shell.Result r = Shell.run(cmd);
        if (!r.ok()) {
            throw new EnvironmentException("cannot compile " + src.getFileName() + " with " + cc + ": " + r.describe());
        }
        return bin;
    }
}

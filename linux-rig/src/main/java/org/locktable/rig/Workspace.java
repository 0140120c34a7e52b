package org.locktable.rig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * What every live rig begins with: a new {@link Sandbox}, a private directory in it (rwx------) holding {@code bin/}
 * for the helpers it compiles and {@code tmpfs/}, a tmpfs for its loop images. Everything is undone when the sandbox
 * closes; a rig that fails while it is built closes it.
 *
 * @param sandbox the sandbox that undoes it all
 * @param base    the private directory
 * @param bin     {@code base/bin}
 * @param tmpfs   {@code base/tmpfs}, mounted
 */
public record Workspace(Sandbox sandbox, Path base, Path bin, Path tmpfs) {
    /** Builds a rig in a workspace. */
    @FunctionalInterface
    public interface Builder<T> {
        T build(Workspace workspace) throws IOException;
    }

    /**
     * A workspace under a temporary directory named {@code prefix...} with a tmpfs of {@code tmpfsSize}, handed to
     * {@code builder}; the sandbox is closed when either throws.
     */
    public static <T> T open(String prefix, String tmpfsSize, Builder<T> builder) throws IOException {
        Sandbox sandbox = new Sandbox();
        try {
            Path base = sandbox.tempDir(prefix);
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx------"));
            Path bin = sandbox.mkdir(base.resolve("bin"));
            Path tmpfs = sandbox.mkdir(base.resolve("tmpfs"));
            sandbox.mountTmpfs(tmpfs, tmpfsSize);
            return builder.build(new Workspace(sandbox, base, bin, tmpfs));
        } catch (IOException | RuntimeException e) {
            sandbox.close();
            throw e;
        }
    }
}

package org.locktable.matrix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Shell;

/** A kernel module's bytes, decompressed with {@code xz}, {@code zstd} or {@code gzip} when its name says so. */
final class Decompress {
    private Decompress() {
    }

    static byte[] bytes(Path file) throws IOException {
        String f = file.getFileName().toString();
        String tool = f.endsWith(".xz") ? "xz" : f.endsWith(".zst") ? "zstd" : f.endsWith(".gz") ? "gzip" : null;
        if (tool == null) {
            return Files.readAllBytes(file);
        }
        if (Shell.which(tool) == null) {
            throw new EnvironmentException("no " + tool + ": the kernel's modules are compressed (" + f
                    + "; apt-get install " + (tool.equals("xz") ? "xz-utils" : tool) + ")");
        }
        Process p = new ProcessBuilder(List.of(tool, "-dc", file.toString()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException(tool + " -dc " + file + " failed");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        return out;
    }
}

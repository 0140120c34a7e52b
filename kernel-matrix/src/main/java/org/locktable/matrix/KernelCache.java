package org.locktable.matrix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.locktable.rig.UserCache;

/**
 * Where downloaded kernels, their unpacked trees and built initramfs images are kept between runs:
 * {@code --cache-dir}, else {@code $LOCKTABLE_KERNEL_CACHE}, else {@code $XDG_CACHE_HOME/locktable} or
 * {@code ~/.cache/locktable}.
 */
public record KernelCache(Path root) {
    public static final String ENV = "LOCKTABLE_KERNEL_CACHE";

    public static KernelCache of(Path option) {
        if (option != null) {
            return new KernelCache(option.toAbsolutePath());
        }
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return new KernelCache(Path.of(env).toAbsolutePath());
        }
        return new KernelCache(UserCache.directory());
    }

    /** apt's private state for one suite (its sources list, package lists and archive cache). */
    public Path apt(String suite) throws IOException {
        return dir("apt/" + suite);
    }

    /** Downloaded kernel packages. */
    public Path debs() throws IOException {
        return dir("debs");
    }

    /** Unpacked kernel packages, one directory each. */
    public Path kernels() throws IOException {
        return dir("kernels");
    }

    /** Built initramfs images, named by what went into them. */
    public Path initramfs() throws IOException {
        return dir("initramfs");
    }

    private Path dir(String sub) throws IOException {
        Path d = root.resolve(sub);
        try {
            Files.createDirectories(d);
        } catch (IOException e) {
            throw new IOException("cannot create the kernel cache " + d + ": " + e.getMessage()
                    + " (set --cache-dir or " + ENV + ")", e);
        }
        return d;
    }
}

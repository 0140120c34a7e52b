package org.locktable.cli;

import java.nio.file.Path;

import org.locktable.matrix.KernelCache;

import picocli.CommandLine.Option;

/** {@code --cache-dir}: where every command that fetches, builds or boots a kernel keeps what it made. */
final class KernelCacheOption {
    @Option(names = "--cache-dir", paramLabel = "DIR", description = "Where kernels, their sources and builds and the "
            + "initramfs images are cached (default: $" + KernelCache.ENV + ", else ~/.cache/locktable).")
    Path dir;

    KernelCache cache() {
        return KernelCache.of(dir);
    }
}

package org.locktable.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.locktable.matrix.GuestRaceRig;
import org.locktable.matrix.KernelSpec;
import org.locktable.replay.LiveRig;
import org.locktable.replay.RaceRig;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code --kernel} and {@code --cache-dir} of the live race commands: the running kernel, or one under QEMU. */
final class RaceKernelOption {
    @Option(names = "--kernel", paramLabel = "SPEC", converter = ConformanceCommand.KernelSpecConverter.class,
            description = {"Replay on another kernel booted under QEMU (no root needed): debian:5.10, debian:6.1, "
                + "debian:6.12, a linux-image .deb, or VMLINUZ[,MODULES_DIR] (e.g. a kernel build)."})
    KernelSpec kernel;

    @Mixin
    KernelCacheOption cacheDir;

    /** The rig: {@link LiveRig} on this kernel (root), or the kernel of {@code --kernel} booted for it. */
    RaceRig open() throws IOException {
        if (kernel == null) {
            return LiveRig.create();
        }
        return GuestRaceRig.open(kernel, cacheDir.cache(), new PrintStream(System.err, true, StandardCharsets.UTF_8));
    }
}

package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.locktable.matrix.KernelBuild;
import org.locktable.matrix.KernelPatches;
import org.locktable.rig.EnvironmentException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable kernel}: the kernel jobs: grade, matrix, observe, privilege and build. */
@Command(name = "kernel", mixinStandardHelpOptions = true, versionProvider = LocktableCommand.Version.class,
        header = "Kernels: grade the running one or others under QEMU, observe one, build one from source.",
        subcommands = {KernelCommand.Build.class, ConformanceCommand.class, KernelsCommand.class, ObserveCommand.class,
            PrivilegeCommand.class})
final class KernelCommand implements Callable<Integer> {
    @Override
    public Integer call() throws CliException {
        throw new CliException("kernel needs a subcommand: build, grade, matrix, observe or privilege (try 'locktable kernel --help')");
    }

    /** {@code locktable kernel build --source debian:6.12 [--patch FILE]...}. */
    @Command(name = "build", mixinStandardHelpOptions = true, sortOptions = false,
            versionProvider = LocktableCommand.Version.class,
            header = "Build Debian's linux-source with a minimal config and the given patches; print the bzImage's path.",
            description = {"Fetches linux-source-SERIES with apt (private sources list naming only the suite), unpacks "
                    + "it once, builds the unpatched tree once with make allnoconfig plus locktable's fragment (ext4, "
                    + "XFS, loop, FUSE, virtio, the serial console, all built in) and nice make -j2 bzImage, then each "
                    + "patched kernel in a copy of that tree, so only what the patches touch is compiled. Builds are "
                    + "cached by a digest of the source version, the config and the patches. Standard output: the "
                    + "kernel's path, for conformance --kernel PATH and observe --kernel PATH. Slow: minutes per "
                    + "unpatched build on two cores."},
            exitCodeListHeading = "%nExit status:%n",
            exitCodeList = {"0: built (or found in the cache)", "1: the build failed",
                "2: usage error, or a patch that does not apply (named with its file and hunk)",
                "3: this machine cannot build it (a missing tool such as flex or bison, no apt)"})
    static final class Build implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--source", required = true, paramLabel = "debian:SERIES",
                description = "Debian's kernel source: debian:6.12 (also debian:6.1, debian:5.10).")
        String source;

        @Option(names = "--patch", paramLabel = "FILE", description = "A patch for patch -p1 (repeatable, applied in order).")
        List<Path> patches = new ArrayList<>();

        @Mixin
        KernelCacheOption cacheDir;

        @Override
        public Integer call() throws CliException, EnvironmentException {
            if (!source.startsWith("debian:")) {
                throw new CliException("unknown kernel source \"" + source + "\": use debian:6.12");
            }
            PrintWriter err = spec.commandLine().getErr();
            KernelBuild.Built b;
            try {
                b = new KernelBuild(cacheDir.cache(), System.err).build(source.substring("debian:".length()),
                        patches);
            } catch (IllegalArgumentException | KernelPatches.PatchFailedException e) {
                throw new CliException(e.getMessage());
            } catch (EnvironmentException e) {
                throw e; // Main: exit 3 with the one message
            } catch (IOException | RuntimeException e) {
                err.println("locktable: kernel build failed: " + Main.oneLine(e.getMessage()));
                return 1;
            }
            err.printf(Locale.ROOT, "kernel: %s %s (key %s, build %.1f s%s)%n", b.cached() ? "cached" : "built",
                    b.release(), b.key(), b.seconds(), b.cached() ? ", recorded" : "");
            err.flush();
            spec.commandLine().getOut().println(b.image());
            spec.commandLine().getOut().flush();
            return 0;
        }
    }
}

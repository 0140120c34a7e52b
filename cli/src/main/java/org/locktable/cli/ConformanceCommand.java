package org.locktable.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.conformance.Conformance;
import org.locktable.conformance.ConformanceConsole;
import org.locktable.conformance.Pass;
import org.locktable.conformance.ProbeTarget;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.matrix.KernelMatrix;
import org.locktable.matrix.KernelSpec;
import org.locktable.rig.EnvironmentException;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code locktable kernel grade}: grades the engine against the running kernel on real ext4 and XFS (as root). */
@Command(name = "grade", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Replay the exhaustive small-scope space and the scenario library on real ext4 and XFS (root).",
        description = {"Creates ext4 and XFS images on tmpfs, attaches loop devices, builds every layout of up to 4 "
                + "blocks, verifies it with FIEMAP and probes each write with pwritev2(RWF_NOWAIT); every answer is "
                + "compared with the engine's policy for the running kernel. Progress goes to standard error, the "
                + "summary to standard output, each disagreement with its witness to standard error."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: the kernel and the engine agree everywhere",
            "1: a disagreement (printed with its witness), a probe that changed its file, or a failed run",
            "2: usage error", "3: this machine cannot run it (not root, no loop devices, no mkfs, no C compiler; with --kernel: no QEMU, "
                + "no kernel)"})
final class ConformanceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "PATH", description = "Write the Markdown report to PATH.")
    Path report;


    @Option(names = "--quick", description = "Layouts of 1..2 blocks only (seconds) instead of the three passes.")
    boolean quick;

    @Option(names = "--pass", paramLabel = "4k|4kn|1k", converter = PassConverter.class,
            description = "Run this pass (repeatable; default: 4k, 4kn and 1k; quick: the quick pass).")
    List<Pass> passes = new ArrayList<>();

    @Option(names = "--scenarios", paramLabel = "DIR|JAR", description = "Scenario classes beyond the class path "
            + "(repeatable; default: scenarios-module/target/test-classes under $LOCKTABLE_ROOT or here).")
    List<Path> scenarioPaths = new ArrayList<>();

    @Option(names = "--no-scenarios", description = "Do not replay the scenario library.")
    boolean noScenarios;

    @Option(names = "--kernel", paramLabel = "SPEC", converter = KernelSpecConverter.class,
            description = {"Grade another kernel, booted under QEMU (no root needed): debian:5.10, debian:6.1, "
                + "debian:6.12 (fetched with apt), a linux-image .deb, or VMLINUZ[,MODULES_DIR]."})
    KernelSpec kernel;

    @Mixin
    KernelCacheOption cacheDir;

    @Option(names = "--guests", paramLabel = "1|2", converter = GuestsConverter.class,
            description = "With --kernel: boot the kernel once (ext4 and XFS share its one vCPU) or twice (ext4 in "
                + "one guest, XFS in the other; default on a machine with two CPUs or more).")
    Integer guests;

    @Mixin
    PolicyOverrideOption policies;

    @Override
    public Integer call() throws InvalidInputException, CliException, EnvironmentException {
        Conformance.Options options;
        try {
            options = Conformance.Options.of(passes, quick, !noScenarios, scenarioPaths);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        options = policies.apply(options);
        ProbeTarget.Opener opener = kernel == null ? null
                : console -> KernelMatrix.open(kernel, cacheDir.cache(), console,
                        guests != null ? guests : KernelMatrix.defaultGuests());
        return run(options, report, new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8), spec.commandLine().getErr(), opener);
    }

    /**
     * {@link ConformanceConsole#run} with the command line's exit statuses: 1 with one line when the run failed; where
     * this machine cannot run it, the {@link EnvironmentException} goes up to {@link Main} (exit 3).
     */
    static int run(Conformance.Options options, Path report, PrintStream out, PrintStream err,
            PrintWriter problems) throws EnvironmentException {
        return run(options, report, out, err, problems, null);
    }

    /** The same on the target {@code opener} sets up (null: the running kernel). */
    static int run(Conformance.Options options, Path report, PrintStream out, PrintStream err,
            PrintWriter problems, ProbeTarget.Opener opener) throws EnvironmentException {
        try {
            return opener == null ? ConformanceConsole.run(options, report, out, err)
                    : ConformanceConsole.run(options, report, out, err, opener);
        } catch (EnvironmentException e) {
            throw e; // Main: exit 3 with the one message
        } catch (IOException | RuntimeException e) {
            problems.println("locktable: conformance failed: " + Main.oneLine(e.toString()));
            return ConformanceConsole.DISAGREE;
        }
    }

    /** A kernel spec ({@link KernelSpec#parse}). */
    static final class KernelSpecConverter implements ITypeConverter<KernelSpec> {
        @Override
        public KernelSpec convert(String value) {
            try {
                return KernelSpec.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code 1} or {@code 2}: how many guests run a kernel's passes. */
    static final class GuestsConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            if (!value.equals("1") && !value.equals("2")) {
                throw new TypeConversionException("'" + value + "' is not 1 or 2");
            }
            return Integer.valueOf(value);
        }
    }

    /** {@code 4k}, {@code 4kn}, {@code 1k} or {@code quick}. */
    static final class PassConverter implements ITypeConverter<Pass> {
        @Override
        public Pass convert(String value) {
            try {
                return Pass.byId(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}

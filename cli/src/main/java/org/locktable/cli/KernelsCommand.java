package org.locktable.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.conformance.Conformance;
import org.locktable.conformance.ConformanceConsole;
import org.locktable.conformance.Pass;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.matrix.KernelMatrix;
import org.locktable.matrix.KernelRun;
import org.locktable.matrix.KernelSpec;
import org.locktable.matrix.KernelsReport;
import org.locktable.rig.EnvironmentException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable kernel matrix}: the kernel matrix — each kernel booted under QEMU, graded, and generated-docs/kernels.md. */
@Command(name = "matrix", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Grade other kernels under QEMU and rewrite generated-docs/kernels.md.",
        description = {"Boots each kernel under QEMU (TCG; no root needed), runs the conformance passes and the "
                + "scenario replay inside it, grades the answers against the catalog's policy for its version, "
                + "minimises its answers into its observed decision table, and writes kernels/SLUG.tsv, "
                + "kernels/SLUG.md and kernels/SLUG-conformance.md under the documents directory, then reassembles "
                + "kernels.md from every kernel's .tsv there. Kernels run one at a time."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: every kernel agrees with the engine everywhere", "1: a disagreement, or a failed run",
            "2: usage error", "3: this machine cannot run it (no QEMU, no kernel, no mkfs, no C compiler)"})
final class KernelsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--kernel", paramLabel = "SPEC", converter = ConformanceCommand.KernelSpecConverter.class,
            description = "A kernel (repeatable; default: debian:5.10, debian:6.1 and debian:6.12).")
    List<KernelSpec> kernels = new ArrayList<>();

    @Option(names = "--quick", description = "Layouts of 1..2 blocks only.")
    boolean quick;

    @Option(names = "--pass", paramLabel = "4k|4kn|1k", converter = ConformanceCommand.PassConverter.class,
            description = "Run this pass (repeatable; default: 4k, 4kn and 1k).")
    List<Pass> passes = new ArrayList<>();

    @Option(names = "--no-scenarios", description = "Do not replay the scenario library.")
    boolean noScenarios;

    @Mixin
    KernelCacheOption cacheDir;

    @Option(names = "--guests", paramLabel = "1|2", converter = ConformanceCommand.GuestsConverter.class,
            description = "Boot each kernel once (ext4 and XFS share its one vCPU) or twice (ext4 in one guest, XFS "
                + "in the other; default on a machine with two CPUs or more).")
    Integer guests;

    @Option(names = "--out", paramLabel = "DIR", description = "The documents directory (default: generated-docs).")
    Path out;

    @Mixin
    PolicyOverrideOption policies;

    @Override
    public Integer call() throws InvalidInputException, CliException, EnvironmentException {
        PrintStream stdout = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        if (policies.given() && kernels.size() != 1) {
            throw new CliException("--policy grades one kernel: give exactly one --kernel");
        }
        Conformance.Options options = policies.apply(Conformance.Options.of(passes, quick, !noScenarios, List.of()));
        Path docs = out != null ? out : DocsCommand.defaultDirectory();
        int status = ConformanceConsole.AGREE;
        for (KernelSpec k : kernels.isEmpty() ? KernelSpec.allDebian() : kernels) {
            try {
                KernelRun run = KernelRun.run(k, cacheDir.cache(), options, stdout,
                        guests != null ? guests : KernelMatrix.defaultGuests());
                Path written = KernelsReport.write(run, docs);
                ConformanceConsole.summary(run.report(), stdout);
                stdout.printf(java.util.Locale.ROOT, "%s: %s, boot %.1f s, whole run %.1f s; %s%n", k, run.release(),
                        run.bootSeconds(), run.wallSeconds(), written);
                if (run.report().disagreements() > 0 || run.report().anomalies() > 0) {
                    status = ConformanceConsole.DISAGREE;
                }
            } catch (EnvironmentException e) {
                throw e; // Main: exit 3 with the one message
            } catch (IOException | RuntimeException e) {
                spec.commandLine().getErr().println("locktable: kernels --kernel " + k + " failed: "
                        + Main.oneLine(e.toString()));
                return ConformanceConsole.DISAGREE;
            }
        }
        return status;
    }
}

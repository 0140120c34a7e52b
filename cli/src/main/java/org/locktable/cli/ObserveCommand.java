package org.locktable.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.conformance.Conformance;
import org.locktable.conformance.ConformanceConsole;
import org.locktable.conformance.Pass;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.matrix.KernelRun;
import org.locktable.matrix.KernelSpec;
import org.locktable.matrix.KernelsReport;
import org.locktable.matrix.ObservedTable;
import org.locktable.rig.EnvironmentException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable kernel observe}: a kernel's own decision table from its NOWAIT answers, and the policy it matches. */
@Command(name = "observe", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "A kernel's observed decision table (under QEMU) and the catalog policy that matches it.",
        description = {"Boots the kernel under QEMU, probes every case of the pass with RWF_NOWAIT on ext4 and XFS, "
                + "minimises the answers over the engine's condition columns into the kernel's own table (Markdown "
                + "on standard output), and names the catalog policies that predict every answer; with --diff, "
                + "where POLICY departs from the kernel, one row per condition tuple with its first case."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: done", "1: a failed run", "2: usage error",
            "3: this machine cannot run it (no QEMU, no kernel)"})
final class ObserveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--kernel", required = true, paramLabel = "SPEC",
            converter = ConformanceCommand.KernelSpecConverter.class,
            description = "debian:5.10, debian:6.1, debian:6.12, a linux-image .deb, or VMLINUZ[,MODULES_DIR].")
    KernelSpec kernel;

    @Option(names = "--pass", paramLabel = "4k|4kn|1k|quick", converter = ConformanceCommand.PassConverter.class,
            description = "The pass whose space is observed (repeatable; default: 4k).")
    List<Pass> passes = new ArrayList<>();

    @Option(names = "--diff", paramLabel = "POLICY", description = "Show where POLICY departs from the kernel.")
    String diff;

    @Mixin
    KernelCacheOption cacheDir;

    @Override
    public Integer call() throws InvalidInputException, EnvironmentException {
        Policy against = diff != null ? PolicyCatalog.get(diff) : null;
        PrintStream stdout = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        Conformance.Options options = new Conformance.Options(passes.isEmpty() ? List.of(Pass.standard()) : passes,
                false, List.of(), false);
        KernelRun run;
        try {
            run = KernelRun.run(kernel, cacheDir.cache(), options, System.err);
        } catch (EnvironmentException e) {
            throw e; // Main: exit 3 with the one message
        } catch (IOException | RuntimeException e) {
            spec.commandLine().getErr().println("locktable: observe failed: " + Main.oneLine(e.toString()));
            return ConformanceConsole.DISAGREE;
        }
        stdout.println("# " + kernel + " (" + run.release() + ")");
        for (KernelRun.Observed o : run.observed()) {
            ObservedTable t = o.table();
            stdout.println();
            stdout.println("## " + o.fs() + ", pass " + o.pass() + ": " + t.rows().size() + " rules, " + t.probed()
                    + " cases");
            List<String> m = t.match();
            stdout.println();
            stdout.println("matches exactly: " + (m.isEmpty() ? "none" : String.join(", ", m)));
            if (!t.conflicts().isEmpty()) {
                stdout.println(t.conflicts().size() + " condition tuples got two answers, first: "
                        + t.conflicts().get(0).text());
            }
            stdout.println();
            if (against != null) {
                if (!against.info().fileSystem().equals(o.table().candidates().isEmpty() ? "" : o.table().candidates()
                        .get(0).info().fileSystem())) {
                    stdout.println(against.id() + " is not an " + o.fs() + " policy");
                } else {
                    StringBuilder s = new StringBuilder();
                    KernelsReport.appendDiff(s, against, t.diff(against));
                    stdout.print(s);
                }
                continue;
            }
            stdout.print(t.toMarkdown());
        }
        return 0;
    }
}

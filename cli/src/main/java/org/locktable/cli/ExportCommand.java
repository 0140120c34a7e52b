package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.conformance.Conformance;
import org.locktable.conformance.ScenarioLibrary;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.xfstests.ExportSet;
import org.locktable.xfstests.XfstestsExport;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code locktable export}: the model as another test suite's tests. Only its subcommands do anything. */
@Command(name = "export", mixinStandardHelpOptions = true, subcommands = ExportCommand.Xfstests.class,
        description = "Export the scenario library and the conformance probes as another suite's tests.")
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InvalidInputException {
        throw new InvalidInputException("export", "export what? try 'locktable export xfstests DIR'");
    }

    /** {@code locktable export xfstests DIR}. */
    @Command(name = "xfstests", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Write tests/locktable/ under DIR (an xfstests checkout): a test per scenario with one "
                + "direct write and per row of each live policy's decision table, each building its file with "
                + "xfs_io on SCRATCH_DEV, checking it with fiemap and probing one RWF_NOWAIT write, with a golden "
                + "per catalog policy chosen from uname -r. Run there with ./check -g locktable/auto."},
            footer = {"", "Exit status: 0 written; 2 bad input (one line on stderr)."})
    static final class Xfstests implements Callable<Integer> {
        @Parameters(paramLabel = "DIR", description = "An existing directory, normally the root of an xfstests tree.")
        Path dir;

        @Option(names = "--scenarios", paramLabel = "DIR|JAR", description = "Scenario classes beyond the class path "
                + "(repeatable; default: scenarios-module/target/test-classes under $LOCKTABLE_ROOT or here).")
        List<Path> scenarioPaths = new ArrayList<>();

        @Option(names = "--no-scenarios", description = "Export only the decision-table samples.")
        boolean noScenarios;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws InvalidInputException {
            if (!Files.isDirectory(dir)) {
                throw new InvalidInputException("DIR", dir + ": " + (Files.exists(dir) ? "not a directory"
                        : "no such directory"));
            }
            if (!Files.isWritable(dir)) {
                throw new InvalidInputException("DIR", dir + ": not writable");
            }
            List<Class<?>> scenarios;
            try {
                scenarios = noScenarios ? List.of() : ScenarioLibrary.discover(
                        scenarioPaths.isEmpty() ? Conformance.Options.defaultScenarioPaths() : scenarioPaths);
            } catch (IOException e) {
                throw new InvalidInputException("--scenarios", e.getMessage());
            }
            ExportSet set = ExportSet.of(scenarios);
            Path target;
            try {
                target = XfstestsExport.write(dir, set);
            } catch (IOException e) {
                throw new InvalidInputException("DIR", "cannot write " + dir.resolve(XfstestsExport.SUBDIR) + ": "
                        + e.getMessage());
            }
            PrintWriter out = spec.commandLine().getOut();
            out.println("wrote " + set.cases().size() + " tests to " + target + " (" + set.skipped().size()
                    + " left out, listed in its README); run them with ./check -g locktable/auto");
            out.flush();
            return 0;
        }
    }
}

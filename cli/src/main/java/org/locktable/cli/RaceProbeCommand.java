package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.locktable.replay.LockProbeRun;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code locktable race probe}: final lock, drain and FORCE_WAIT graded live on a case of every row of the decision table. */
@Command(name = "probe", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Grade final lock, drain and FORCE_WAIT of ext4-base and xfs-dio on the kernel (root), as Markdown.",
        description = {"For every condition row of each policy's decision table (the 4-block space), the row's smallest "
                + "probe-able async direct write is probed three times below the reordering device "
                + "(race-replay/README.md); prints the report section for conformance.md.", ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: probed, no disagreement", "1: some field disagrees", "2: bad input",
            "3: this machine cannot run it (not root, no FUSE, a library missing)"})
final class RaceProbeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--rows", paramLabel = "N", description = "Probe only the first N probe-able rows of each "
            + "policy's table (default: every row).")
    int rows;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the section here (default: standard output).")
    Path out;

    @Override
    public Integer call() throws IOException {
        if (rows < 0) {
            throw new ParameterException(spec.commandLine(), "--rows must not be negative");
        }
        PrintWriter err = spec.commandLine().getErr();
        LockProbeRun.Report report = LockProbeRun.run(rows, err);
        if (out == null) {
            spec.commandLine().getOut().print(report.markdown());
        } else {
            Files.writeString(out, report.markdown(), StandardCharsets.UTF_8);
        }
        return report.agree() ? 0 : 1;
    }
}

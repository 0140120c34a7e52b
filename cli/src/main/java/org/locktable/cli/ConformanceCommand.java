package org.locktable.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.conformance.ConformanceMain;

import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/** {@code locktable conformance}: grades the engine against the running kernel on real ext4 and XFS (as root). */
@Command(name = "conformance", sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Replay the exhaustive small-scope space and the scenario library on real ext4 and XFS (root).",
        description = {"Creates ext4 and XFS images on tmpfs, attaches loop devices, builds every layout of up to 4 "
                + "blocks, verifies it with FIEMAP and probes each write with pwritev2(RWF_NOWAIT); every answer is "
                + "compared with the engine's policy for the running kernel. Options (passed on): --report PATH, "
                + "--quick, --pass 4k|4kn|1k, --scenarios DIR|JAR, --no-scenarios, --help."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: the kernel and the engine agree everywhere", "1: a disagreement (printed with its witness)",
            "2: usage error", "3: this machine cannot run it (not root, no loop devices, no mkfs, no C compiler)"})
final class ConformanceCommand implements Callable<Integer> {
    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        return ConformanceMain.run(args.toArray(new String[0]), out, err);
    }
}

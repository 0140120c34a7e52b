package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.replay.FindingsRepro;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code locktable race repro}: the findings' reproducer, round after round, on the running kernel's ext4 and XFS. */
@Command(name = "repro", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Run the findings' reproducer (no reordering device) on the running kernel's ext4 and XFS.",
        description = {"Compiles dio-eof-zero-race.c (the program generated-docs/findings/ ships for xfstests) and runs "
                + "each of its races (r4, truncate) for --rounds rounds on ext4 and on XFS, each on a loop device with "
                + "direct I/O over tmpfs; writes the TSV (default generated-docs/data/findings-repro.tsv) the findings "
                + "pages quote. Root; about 40 s for 3000 rounds."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: ran (corrupt rounds or not)", "2: bad input", "3: this machine cannot run it (not root, no "
                + "loop devices, no compiler or libaio)", "70: internal error"})
final class FindingsReproCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--rounds", paramLabel = "N", description = "Rounds per race and file system (default: ${DEFAULT-VALUE}).")
    int rounds = 3000;

    @Option(names = "--out", paramLabel = "FILE", description = "Where the TSV goes (default: ${DEFAULT-VALUE}).")
    Path out = DocsCommand.defaultDirectory().resolve("data/findings-repro.tsv");

    @Override
    public Integer call() throws IOException {
        if (rounds < 1) {
            throw new ParameterException(spec.commandLine(), "--rounds must be at least 1, got " + rounds);
        }
        PrintWriter err = spec.commandLine().getErr();
        List<FindingsRepro.Row> rows;
        rows = FindingsRepro.run(rounds, r -> {
            err.println(r.race() + " on " + r.fileSystem() + " (Linux " + r.kernel() + "): " + r.corrupt() + " of "
                    + r.rounds() + " rounds corrupt");
            err.flush();
        });
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, FindingsRepro.tsv(rows), StandardCharsets.UTF_8);
        err.println("wrote " + out);
        return Main.EXIT_OK;
    }
}

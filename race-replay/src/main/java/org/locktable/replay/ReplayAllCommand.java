package org.locktable.replay;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.rig.EnvironmentException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code locktable race-replay-all}: every minimal counterexample class and a SAFE sample, replayed live, as a TSV. */
@Command(name = "race-replay-all", mixinStandardHelpOptions = true, sortOptions = false,
        header = "Replay every minimal race counterexample class of ext4-base and xfs-dio live (root), as a TSV.",
        description = {"Replays R4, its buffered variant and control, every minimal UNSAFE class of ext4-base in the "
                + "model's one-block space (on ext4, following the class's shortest counterexample; on XFS with the "
                + "same holds, where xfs-dio says SAFE) and a seeded sample of SAFE two-block cases of each "
                + "(adversarial holds), each --runs times, below the reordering device (race-replay/README.md).",
            "Columns: policy, case, ops, model (SAFE/UNSAFE), model_bad, plan, live (CORRUPTED every run, INTACT "
                + "none, MIXED), corrupted_runs, runs, live_bad (the first corrupted run's bad ranges), agree.", ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: replayed, the model and the kernel agree on every row", "1: some row disagrees",
            "2: bad input", "3: this machine cannot run it (not root, no FUSE, a library missing)"})
public final class ReplayAllCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the TSV here (default: standard output), e.g. "
            + "generated-docs/data/race-replay.tsv.")
    Path out;

    @Option(names = "--runs", paramLabel = "N", description = "Runs per case (default: ${DEFAULT-VALUE}).")
    int runs = 3;

    @Option(names = "--samples", paramLabel = "N", description = "SAFE sample cases per policy (default: ${DEFAULT-VALUE}).")
    int samples = 6;

    @Option(names = "--seed", paramLabel = "N", description = "The SAFE sample's seed (default: ${DEFAULT-VALUE}).")
    long seed = 20261201L;

    @Override
    public Integer call() throws IOException {
        if (runs < 1 || samples < 0) {
            throw new ParameterException(spec.commandLine(), "--runs must be at least 1 and --samples at least 0");
        }
        PrintWriter err = spec.commandLine().getErr();
        List<ReplayAll.Row> rows;
        try (LiveRig rig = LiveRig.create()) {
            rows = ReplayAll.run(rig, runs, seed, samples, r -> {
                err.println(r.policy() + " " + r.name() + " " + r.race() + ": model " + r.model() + ", live " + r.live()
                        + " (" + r.corruptedRuns() + "/" + r.runs() + ")" + (r.agree() ? "" : " DISAGREE"));
                err.flush();
            });
        } catch (EnvironmentException e) {
            err.println("locktable: " + EnvironmentException.cannotRun("race-replay-all", e.getMessage()));
            return EnvironmentException.EXIT_CODE;
        }
        String tsv = ReplayAll.tsv(rows);
        if (out == null) {
            spec.commandLine().getOut().print(tsv);
        } else {
            Files.writeString(out, tsv, StandardCharsets.UTF_8);
        }
        return rows.stream().allMatch(ReplayAll.Row::agree) ? 0 : 1;
    }
}

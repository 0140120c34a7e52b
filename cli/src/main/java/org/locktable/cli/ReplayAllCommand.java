package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.conformance.Conformance;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.replay.RaceRig;
import org.locktable.replay.ReplayAll;
import org.locktable.rig.EnvironmentException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code locktable race replay}: every minimal counterexample class and a SAFE sample, replayed live, as a TSV. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        header = "Replay every minimal race counterexample class of ext4-base live, on ext4 and XFS (root, or any kernel "
                + "under QEMU), as a TSV.",
        description = {"Replays R4, its buffered variant and control, every minimal UNSAFE class of ext4-base in the "
                + "model's one-block space (on ext4, following the class's shortest counterexample; on XFS with the "
                + "same holds, where xfs-dio says SAFE) and a seeded sample of SAFE two-block cases of each "
                + "(adversarial holds), each --runs times, below the reordering device (race-replay/README.md).",
            "Each row is graded under the catalog's policy for the kernel's version (ext4-base and xfs-dio on 6.5 and "
                + "later; ext4-v5.10 and xfs-dio-v5.11 on 5.10), or under --policy; a race that policy judges SAFE "
                + "replays ext4-base's counterexample, which the kernel must survive.",
            "Columns: policy, case, ops, model (SAFE/UNSAFE), model_bad, plan, live (CORRUPTED every run, INTACT "
                + "none, MIXED), corrupted_runs, runs, live_bad (the first corrupted run's bad ranges), agree.", ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: replayed, the model and the kernel agree on every row", "1: some row disagrees",
            "2: bad input", "3: this machine cannot run it (not root, no FUSE, a library missing; with --kernel: no "
                + "QEMU, no kernel)"})
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

    @Mixin
    RaceKernelOption target;

    @Option(names = "--policy", paramLabel = "ID", description = {"Grade the rows of this policy's file system under it "
            + "instead of the catalog's policy for the kernel's version: a patched kernel's version says nothing about "
            + "its patches, e.g. --policy ext4-eof-fix or --policy xfs-isize-fix."})
    String overridePolicy;

    @Option(names = "--buffered-policy", paramLabel = "ID", description = {"Run the ext4 rows' buffered writes under "
            + "this buffered-write policy instead of ext4-buffered-bh: ext4-buffered-bh-dio-wait for Debian's 6.12, "
            + "whose buffered writes wait for in-flight direct I/O."})
    String bufferedPolicy;

    @Override
    public Integer call() throws IOException, InvalidInputException, CliException {
        if (runs < 1 || samples < 0) {
            throw new ParameterException(spec.commandLine(), "--runs must be at least 1 and --samples at least 0");
        }
        Policy override = overridePolicy == null ? null : PolicyCatalog.get(overridePolicy);
        if (override != null && override.info().path() != PolicyInfo.WritePath.DIRECT) {
            throw new CliException("--policy grades a file system's rows: " + overridePolicy + " is not a direct-write policy");
        }
        Policy buffered = bufferedPolicy == null ? null : PolicyCatalog.get(bufferedPolicy);
        if (buffered != null && (buffered.info().path() != PolicyInfo.WritePath.BUFFERED
                || buffered.info().fileSystem() != FileSystem.EXT4)) {
            throw new CliException("--buffered-policy: " + bufferedPolicy + " is not an ext4 buffered-write policy");
        }
        PrintWriter err = spec.commandLine().getErr();
        List<ReplayAll.Row> rows;
        try (RaceRig rig = target.open()) {
            KernelVersion version = Conformance.versionOf(rig.kernelRelease());
            boolean ext4Override = override != null && override.info().fileSystem() == FileSystem.EXT4;
            Policy ext4 = ext4Override ? override : catalogPolicy(FileSystem.EXT4, version);
            Policy xfs = override != null && !ext4Override ? override : catalogPolicy(FileSystem.XFS, version);
            err.println("race replay: Linux " + rig.kernelRelease() + ", graded under " + ext4.id()
                    + (buffered == null ? "" : " with " + buffered.id()) + " and " + xfs.id());
            rows = ReplayAll.run(rig, ext4, buffered, xfs, runs, seed, samples, r -> {
                err.println(r.policy() + " " + r.name() + " " + r.race() + ": model " + r.model() + ", live " + r.live()
                        + " (" + r.corruptedRuns() + "/" + r.runs() + ")" + (r.agree() ? "" : " DISAGREE"));
                err.flush();
            });
        }
        String tsv = ReplayAll.tsv(rows);
        if (out == null) {
            spec.commandLine().getOut().print(tsv);
        } else {
            Files.writeString(out, tsv, StandardCharsets.UTF_8);
        }
        return rows.stream().allMatch(ReplayAll.Row::agree) ? 0 : 1;
    }

    private static Policy catalogPolicy(FileSystem fileSystem, KernelVersion version) throws EnvironmentException {
        return PolicyCatalog.forKernel(fileSystem, version, PolicyInfo.WritePath.DIRECT).orElseThrow(
                () -> new EnvironmentException("the catalog has no " + fileSystem + " direct-write policy for Linux "
                        + version.major() + "." + version.minor()));
    }
}

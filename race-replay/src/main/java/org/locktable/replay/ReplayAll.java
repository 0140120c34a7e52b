package org.locktable.replay;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.locktable.concurrency.Operation;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;

/**
 * Replays the races {@link ReplayCases} lists for {@code ext4-base} (R4 and its variants, every minimal UNSAFE class)
 * on ext4 and on XFS, and a seeded SAFE sample of each file system's policy, each case {@code runs} times, and renders
 * the rows as the TSV the safety report reads ({@code generated-docs/data/race-replay.tsv}). Each row is graded under
 * the policy of the kernel it runs on ({@code ext4-base} and {@code xfs-dio} on the running kernel; {@code ext4-v5.10},
 * or a patched kernel's {@code ext4-eof-fix}, in a guest): where that policy judges a race SAFE, the row replays
 * ext4-base's counterexample, which the kernel must survive.
 */
public final class ReplayAll {
    /** The TSV's header: the columns, in order. */
    public static final String HEADER = "policy\tcase\tops\tmodel\tmodel_bad\tplan\tlive\tcorrupted_runs\truns\tlive_bad\tagree";

    /** One row. {@code live}: CORRUPTED (every run), INTACT (none) or MIXED. */
    public record Row(String policy, String name, String race, String model, String modelBad, String plan, String live,
            int corruptedRuns, int runs, String liveBad, boolean agree) {
        public String tsv() {
            return String.join("\t", policy, name, race, model, modelBad.isEmpty() ? "-" : modelBad, plan, live,
                    Integer.toString(corruptedRuns), Integer.toString(runs), liveBad.isEmpty() ? "-" : liveBad,
                    agree ? "yes" : "no");
        }
    }

    private ReplayAll() {
    }

    /** Every row on the running kernel, graded under ext4-base and xfs-dio; {@code progress} hears of each. */
    public static List<Row> run(RaceRig rig, int runs, long seed, int samples, Consumer<Row> progress) throws IOException {
        return run(rig, PolicyCatalog.builtIn("ext4-base"), PolicyCatalog.builtIn("xfs-dio"), runs, seed, samples,
                progress);
    }

    /** Every row, in a fixed order, graded under {@code ext4} and {@code xfs}; {@code progress} hears of each. */
    public static List<Row> run(RaceRig rig, Policy ext4, Policy xfs, int runs, long seed, int samples,
            Consumer<Row> progress) throws IOException {
        return run(rig, ext4, null, xfs, runs, seed, samples, progress);
    }

    /**
     * The same with the ext4 rows' buffered operations under {@code ext4Buffered} (null: ext4-buffered-bh), for a
     * kernel whose buffered path differs; those rows' policy reads {@code ext4-base+ext4-buffered-bh-dio-wait}.
     */
    public static List<Row> run(RaceRig rig, Policy ext4, Policy ext4Buffered, Policy xfs, int runs, long seed,
            int samples, Consumer<Row> progress) throws IOException {
        Policy base = PolicyCatalog.builtIn("ext4-base");
        List<ReplayCases.Case> ext4Unsafe = new ArrayList<>(ReplayCases.named(base));
        ext4Unsafe.addAll(ReplayCases.minimalClasses(base));
        Policy xfsToday = PolicyCatalog.builtIn("xfs-dio");
        List<Row> rows = new ArrayList<>();
        for (Policy p : List.of(ext4, xfs)) {
            for (ReplayCases.Case e : ext4Unsafe) {
                Policy buffered = p == ext4 ? ext4Buffered : null;
                ReplayCases.Case c = p.id().equals(base.id()) && buffered == null ? e
                        : ReplayCases.of(p, buffered, e.name(), e.layout(), e.size(), e.ops());
                ReplayCases.Case sibling = e;
                if (p == xfs && !p.id().equals(xfsToday.id()) && !e.ops().stream().anyMatch(Operation::buffered)) {
                    ReplayCases.Case today = ReplayCases.of(xfsToday, e.name(), e.layout(), e.size(), e.ops());
                    sibling = today.verdict().safe() ? e : today; // a fixed XFS must survive xfs-dio's own schedule
                }
                rows.add(row(rig, p, buffered, c, sibling, runs, progress));
            }
        }
        for (Policy p : List.of(ext4, xfs)) {
            for (ReplayCases.Case c : ReplayCases.safeSample(p, seed, samples)) {
                rows.add(row(rig, p, p == ext4 ? ext4Buffered : null, c, c, runs, progress)); // no buffered operation
            }
        }
        return rows;
    }

    /**
     * A review's rows: every minimal UNSAFE class of {@code policy}, then those of {@code base} that are not already
     * among them, each decided and replayed under {@code policy} (a class the change makes SAFE shows INTACT if the
     * kernel agrees), with the base's schedule as the holds where the policy has no counterexample.
     */
    public static List<Row> review(RaceRig rig, Policy policy, Policy base, int runs, Consumer<Row> progress)
            throws IOException {
        java.util.Map<String, ReplayCases.Case[]> cases = new java.util.LinkedHashMap<>();
        for (ReplayCases.Case c : ReplayCases.minimalClasses(policy)) {
            cases.putIfAbsent(c.describe(), new ReplayCases.Case[] {c, c});
        }
        for (ReplayCases.Case e : ReplayCases.minimalClasses(base)) {
            ReplayCases.Case c = ReplayCases.of(policy, e.name(), e.layout(), e.size(), e.ops());
            cases.putIfAbsent(c.describe(), new ReplayCases.Case[] {c, e});
        }
        List<Row> rows = new ArrayList<>();
        for (ReplayCases.Case[] c : cases.values()) {
            rows.add(row(rig, policy, null, c[0], c[1], runs, progress));
        }
        return rows;
    }

    /**
     * Replays {@code c} with its own counterexample's holds; a SAFE case with those of {@code sibling} (the same race
     * under the other policy) when that one has a counterexample, else with adversarial holds.
     */
    private static Row row(RaceRig rig, Policy p, Policy buffered, ReplayCases.Case c, ReplayCases.Case sibling,
            int runs, Consumer<Row> progress) throws IOException {
        ReplayCases.Case source = c.verdict().counterexample().isPresent() ? c : sibling;
        HoldPlan plan = source.verdict().counterexample().map(cx -> HoldPlan.following(c.inode(), c.ops(), cx.steps()))
                .orElseGet(() -> HoldPlan.adversarial(c.ops(), c.inode().blockSize()));
        String planName = source.verdict().counterexample().isPresent() ? source.verdict().policy() + "'s schedule"
                : "adversarial";
        int corrupted = 0;
        String liveBad = "";
        for (int i = 0; i < runs; i++) {
            LiveResult r = rig.replay(RaceRig.fileSystem(p), c.inode(), c.ops(), plan, c.api());
            if (r.corrupted()) {
                corrupted++;
                liveBad = liveBad.isEmpty() ? LiveCriterion.text(r.badRanges()) : liveBad;
            }
        }
        String live = corrupted == runs ? LiveResult.CORRUPTED : corrupted == 0 ? LiveResult.INTACT : "MIXED";
        String modelBad = c.verdict().counterexample().map(cx -> cx.badRangesText()).orElse("");
        boolean agree = c.verdict().safe() ? corrupted == 0 : corrupted == runs;
        Row row = new Row(p.id() + (buffered == null ? "" : "+" + buffered.id()), c.name(), c.describe(), c.verdict().word(), modelBad, planName, live, corrupted, runs,
                liveBad, agree);
        progress.accept(row);
        return row;
    }

    /** The TSV: the header, then one line per row, as run. */
    public static String tsv(List<Row> rows) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        rows.forEach(r -> b.append(r.tsv()).append('\n'));
        return b.toString();
    }
}

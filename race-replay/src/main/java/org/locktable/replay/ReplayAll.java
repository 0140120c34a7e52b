package org.locktable.replay;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyCatalog;

/**
 * Replays what {@link ReplayCases} lists under {@code ext4-base} (on ext4) and {@code xfs-dio} (on XFS), each case
 * {@code runs} times, and renders the rows as the TSV the safety report reads
 * ({@code generated-docs/data/race-replay.tsv}). xfs-dio has no UNSAFE class of its own; its rows replay ext4-base's
 * classes with ext4-base's holds, which XFS must survive.
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

    /** Every row, in a fixed order; {@code progress} hears of each as it is done. */
    public static List<Row> run(LiveRig rig, int runs, long seed, int samples, Consumer<Row> progress) throws IOException {
        Policy ext4 = PolicyCatalog.builtIn("ext4-base");
        Policy xfs = PolicyCatalog.builtIn("xfs-dio");
        List<ReplayCases.Case> ext4Unsafe = new ArrayList<>(ReplayCases.named(ext4));
        ext4Unsafe.addAll(ReplayCases.minimalClasses(ext4));
        List<Row> rows = new ArrayList<>();
        for (ReplayCases.Case c : ext4Unsafe) {
            rows.add(row(rig, ext4, c, c, runs, progress));
        }
        for (ReplayCases.Case e : ext4Unsafe) {
            rows.add(row(rig, xfs, ReplayCases.of(xfs, e.name(), e.layout(), e.size(), e.ops()), e, runs, progress));
        }
        for (Policy p : List.of(ext4, xfs)) {
            for (ReplayCases.Case c : ReplayCases.safeSample(p, seed, samples)) {
                rows.add(row(rig, p, c, c, runs, progress));
            }
        }
        return rows;
    }

    /**
     * Replays {@code c} with its own counterexample's holds; a SAFE case with those of {@code sibling} (the same race
     * under the other policy) when that one has a counterexample, else with adversarial holds.
     */
    private static Row row(LiveRig rig, Policy p, ReplayCases.Case c, ReplayCases.Case sibling, int runs,
            Consumer<Row> progress) throws IOException {
        ReplayCases.Case source = c.verdict().counterexample().isPresent() ? c : sibling;
        HoldPlan plan = source.verdict().counterexample().map(cx -> HoldPlan.following(c.ops(), cx.steps()))
                .orElseGet(() -> HoldPlan.adversarial(c.ops(), c.inode().blockSize()));
        String planName = source.verdict().counterexample().isPresent() ? source.verdict().policy() + "'s schedule"
                : "adversarial";
        int corrupted = 0;
        String liveBad = "";
        for (int i = 0; i < runs; i++) {
            LiveResult r = rig.replay(LiveRig.fileSystem(p), c.inode(), c.ops(), plan, c.api());
            if (r.corrupted()) {
                corrupted++;
                liveBad = liveBad.isEmpty() ? LiveCriterion.text(r.badRanges()) : liveBad;
            }
        }
        String live = corrupted == runs ? LiveResult.CORRUPTED : corrupted == 0 ? LiveResult.INTACT : "MIXED";
        String modelBad = c.verdict().counterexample().map(cx -> cx.badRangesText()).orElse("");
        boolean agree = c.verdict().safe() ? corrupted == 0 : corrupted == runs;
        Row row = new Row(p.id(), c.name(), c.describe(), c.verdict().word(), modelBad, planName, live, corrupted, runs,
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

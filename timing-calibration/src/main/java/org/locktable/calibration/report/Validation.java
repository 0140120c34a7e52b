package org.locktable.calibration.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.locktable.calibration.fit.Predictor;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.sim.IoProfile;
import org.locktable.timing.sim.SimResult;
import org.locktable.timing.sim.Simulator;

/**
 * What the validation report computes, apart from its text: every published cell's prediction and error, the class
 * it is held to (fit, held out lock-bound, held out device-bound), summaries, and the invariants.
 */
public final class Validation {
    private Validation() {
    }

    /** Accuracy targets (the issue's). */
    public static final double TARGET_TRAINING = 0.05;
    public static final double TARGET_HELD_OUT_LOCK = 0.10;
    public static final double TARGET_HELD_OUT_DEVICE = 0.15;
    /** "Beyond noise" for the relaxed-never-slower invariant. */
    public static final double NOISE = 0.02;

    /** What a cell is held to. */
    public enum Kind {
        TRAINING("fit", TARGET_TRAINING),
        HELD_OUT_LOCK("held out, lock-bound", TARGET_HELD_OUT_LOCK),
        HELD_OUT_DEVICE("held out, device-bound", TARGET_HELD_OUT_DEVICE);

        private final String text;
        private final double target;

        Kind(String text, double target) {
            this.text = text;
            this.target = target;
        }

        public String text() {
            return text;
        }

        public double target() {
            return target;
        }
    }

    /**
     * One published cell with its prediction.
     *
     * @param cell the cell
     * @param predicted the model's value
     * @param kind training, or held out (lock-bound when the column's writes take the inode lock exclusive,
     *             device-bound when they are shared)
     */
    public record Row(Cell cell, double predicted, Kind kind) {
        public double error() {
            return predicted / cell.published() - 1;
        }

        public boolean withinTarget() {
            return Math.abs(error()) <= kind.target() + 1e-12;
        }
    }

    /** Per-table (or per-group) error statistics. */
    public record Summary(String name, int cells, int training, double maxAbs, double meanAbs, int within5,
            int within10, int within15, int meetingTarget) {
    }

    /** Every published cell with its prediction, in catalog order. */
    public static List<Row> rows(Predictor p) {
        List<Cell> cells = SeedCells.published();
        double[] pred = p.predict(cells);
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            Cell c = cells.get(i);
            out.add(new Row(c, pred[i], kind(c, p)));
        }
        return out;
    }

    /** A held-out cell is lock-bound when its writes are exclusive and lock waits are this share of latency. */
    public static final double LOCK_BOUND_SHARE = 0.25;

    /**
     * Training, or held out and lock-bound (the column's writes take the inode lock exclusive, and in the
     * simulation they spend at least {@link #LOCK_BOUND_SHARE} of their latency waiting for it), or held out and
     * device-bound (everything else: the device, the CPU or the per-job submission limits it).
     */
    public static Kind kind(Cell c, Predictor p) {
        if (c.training()) {
            return Kind.TRAINING;
        }
        return lockBound(c.column(), c.jobs(), p) ? Kind.HELD_OUT_LOCK : Kind.HELD_OUT_DEVICE;
    }

    /** Exclusive writes that wait for the lock at least {@link #LOCK_BOUND_SHARE} of their latency. */
    public static boolean lockBound(Column col, int jobs, Predictor p) {
        return exclusive(col, jobs, p) && lockWaitShare(p.run(col, jobs)) >= LOCK_BOUND_SHARE;
    }

    /** Mean lock wait over mean latency (system call to completion) of a run. */
    public static double lockWaitShare(SimResult r) {
        return r.meanLatencyUs() > 0 ? r.meanLockWaitUs() / r.meanLatencyUs() : 0;
    }

    /** The column's representative write takes the inode lock exclusive (directly or after a restart). */
    public static boolean exclusive(Column col, int jobs, Predictor p) {
        IoProfile io = Simulator.profile(p.config(col, jobs));
        return io != null && (io.exclusive() || io.acquisitions() > 1);
    }

    /** Statistics over rows. */
    public static Summary summary(String name, List<Row> rows) {
        double max = 0;
        double sum = 0;
        int w5 = 0;
        int w10 = 0;
        int w15 = 0;
        int ok = 0;
        int train = 0;
        for (Row r : rows) {
            double e = Math.abs(r.error());
            max = Math.max(max, e);
            sum += e;
            w5 += e <= 0.05 ? 1 : 0;
            w10 += e <= 0.10 ? 1 : 0;
            w15 += e <= 0.15 ? 1 : 0;
            ok += r.withinTarget() ? 1 : 0;
            train += r.cell().training() ? 1 : 0;
        }
        return new Summary(name, rows.size(), train, max, rows.isEmpty() ? 0 : sum / rows.size(), w5, w10, w15, ok);
    }

    /** One invariant check: what, and the failures (empty when it holds). */
    public record Invariant(String name, int checked, List<String> failures) {
        public boolean holds() {
            return failures.isEmpty();
        }
    }

    /** The invariants over the report's runs. */
    public static List<Invariant> invariants(Predictor p) {
        List<Invariant> out = new ArrayList<>();
        // relaxed never slower than strict on the seed workloads
        List<String> fails = new ArrayList<>();
        int checked = 0;
        int[] s000 = SeedCells.seed000JobCounts();
        Column[][] pairs = {
            {SeedCells.S000_T1_BASE, SeedCells.S000_T1_P1}, {SeedCells.S000_T1_P1, SeedCells.S000_T1_P12},
            {SeedCells.S000_T2_BASE, SeedCells.S000_T2_P1}, {SeedCells.S000_T2_P1, SeedCells.S000_T2_P12},
            {SeedCells.S000_T2_BASE, SeedCells.S000_T2_P12}};
        for (Column[] pr : pairs) {
            for (int n : s000) {
                checked++;
                relaxed(p, pr[0], pr[1], n, fails);
            }
        }
        checked++;
        relaxed(p, SeedCells.S004_512_VANILLA, SeedCells.S004_512_PATCHED, 1, fails);
        checked++;
        relaxed(p, SeedCells.S001_BEFORE, SeedCells.S001_AFTER, 16, fails);
        out.add(new Invariant("a relaxed policy is never slower than the stricter one beyond noise ("
                + Formats.pct(NOISE) + "): ext4-base <= ext4-patch1 <= ext4-patch2 (seed 000 Tests 1 and 2, every job "
                + "count), xfs-dio-v5.11 <= xfs-dio (seed 004, 512 B), seed 001 before <= after", checked,
                List.copyOf(fails)));

        // fio's rule: IOPS x wall = total I/Os, wall = the slowest job
        List<String> rule = new ArrayList<>();
        int runs = 0;
        for (Run r : allRuns()) {
            SimResult res = p.run(r.column(), r.jobs());
            runs++;
            long perJob = res.perJob().stream().mapToLong(SimResult.JobResult::ios).sum();
            double slowest = res.perJob().stream().mapToDouble(SimResult.JobResult::runtimeSeconds).max().orElse(0);
            String where = r.column().id() + "@" + r.jobs();
            if (Math.abs(res.iops() * res.runtimeSeconds() - res.ios()) > 1e-6 * res.ios()) {
                rule.add(where + ": IOPS x wall = " + res.iops() * res.runtimeSeconds() + ", total I/Os " + res.ios());
            }
            if (perJob != res.ios()) {
                rule.add(where + ": per-job I/Os sum to " + perJob + ", total " + res.ios());
            }
            if (Math.abs(slowest - res.runtimeSeconds()) > 1e-12) {
                rule.add(where + ": wall " + res.runtimeSeconds() + " is not the slowest job's runtime " + slowest);
            }
        }
        out.add(new Invariant("IOPS x wall = total I/Os, wall = the slowest job's runtime (fio's group rule), "
                + "every run of this report", runs, List.copyOf(rule)));
        return out;
    }

    private static void relaxed(Predictor p, Column strict, Column relaxed, int jobs, List<String> fails) {
        double a = p.mean(strict, jobs, Metric.IOPS);
        double b = p.mean(relaxed, jobs, Metric.IOPS);
        if (b < (1 - NOISE) * a) {
            fails.add(String.format(Locale.ROOT, "%s@%d: %s %.0f IOPS < %s %.0f IOPS", relaxed.id(), jobs,
                    relaxed.policy(), b, strict.policy(), a));
        }
    }

    /** One simulated run of the report: a column at a job count. */
    record Run(Column column, int jobs) {
    }

    /** Every run the report simulates: the published cells' and the withheld ones. */
    static List<Run> allRuns() {
        List<Run> out = new ArrayList<>();
        for (Cell c : SeedCells.published()) {
            Run r = new Run(c.column(), c.jobs());
            if (!out.contains(r)) {
                out.add(r);
            }
        }
        for (Column c : SeedCells.seed000Test2()) {
            for (int n : SeedCells.seed000JobCounts()) {
                out.add(new Run(c, n));
            }
        }
        for (Column c : SeedCells.seed004At512()) {
            out.add(new Run(c, 1));
        }
        return out;
    }
}

package org.locktable.calibration.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.SimResult;
import org.locktable.timing.sim.Simulator;
import org.locktable.timing.sim.WaitRules;
import org.locktable.timing.workload.Workload;

/**
 * Runs the simulator for table cells: the column's seed workload cut to a {@link Fidelity}, its policy, its
 * profile's device and cost model (plus the column's {@link Column.Adjustment}). A prediction is the mean over the
 * fidelity's replications ({@link Fidelity#replications}). Runs are cached by column and job count, so a column's
 * READ and WRITE cells share them. Thread-safe; deterministic.
 */
public final class Predictor {
    private static final Map<Fidelity, Predictor> COMMITTED = new ConcurrentHashMap<>();

    private final Function<String, Profile> profiles;
    private final Function<String, Workload> workloads;
    private final Fidelity fidelity;
    private final WaitRules rules;
    private final Map<String, List<SimResult>> cache = new ConcurrentHashMap<>();

    /** Columns name {@link SeedWorkloads seed workloads}. */
    public Predictor(Function<String, Profile> profiles, Fidelity fidelity) {
        this(profiles, SeedWorkloads::get, fidelity);
    }

    /** Columns name workloads that {@code workloads} resolves (the live characterisation's own). */
    public Predictor(Function<String, Profile> profiles, Function<String, Workload> workloads, Fidelity fidelity) {
        this(profiles, workloads, fidelity, WaitRules.COMMITTED);
    }

    private Predictor(Function<String, Profile> profiles, Function<String, Workload> workloads, Fidelity fidelity,
            WaitRules rules) {
        this.profiles = profiles;
        this.workloads = workloads;
        this.fidelity = fidelity;
        this.rules = rules;
    }

    /** The same predictions under other waiting rules (the committed profiles are fitted under the default). */
    public Predictor withRules(WaitRules r) {
        return new Predictor(profiles, workloads, fidelity, r);
    }

    /** The waiting rules every prediction is simulated under. */
    public WaitRules rules() {
        return rules;
    }

    /**
     * The committed profiles: one predictor per fidelity in a JVM, so that the report's sections and whoever checks
     * them share its runs (the profiles are the bundled, immutable ones).
     */
    public static Predictor committed(Fidelity fidelity) {
        return COMMITTED.computeIfAbsent(fidelity, f -> new Predictor(Profiles::get, f));
    }

    public Fidelity fidelity() {
        return fidelity;
    }

    /** The simulation configuration of a column at a job count (its first replication's seed). */
    public SimConfig config(Column c, int jobs) {
        Profile p = profiles.apply(c.profile());
        Workload w = fidelity.scale(workloads.apply(c.workload()).withJobs(jobs));
        return SimConfig.of(w, c.policy(), p.device(), c.adjustment().apply(p.cost(), w)).withSeed(fidelity.seed())
                .withRules(rules);
    }

    /** The first replication's run: what the report's diagnostics (lock waits, restarts) describe. */
    public SimResult run(Column c, int jobs) {
        return runs(c, jobs).get(0);
    }

    /** Every replication's run, seeds {@code seed}, {@code seed + 1}, .... */
    public List<SimResult> runs(Column c, int jobs) {
        return cache.computeIfAbsent(c.id() + "@" + jobs, k -> {
            SimConfig first = config(c, jobs);
            List<SimResult> out = new ArrayList<>();
            for (int r = 0; r < fidelity.replications(); r++) {
                out.add(Simulator.run(first.withSeed(fidelity.seed() + r)));
            }
            return List.copyOf(out);
        });
    }

    /** The mean of {@code metric} over a column's replications at {@code jobs}. */
    public double mean(Column c, int jobs, Metric metric) {
        List<SimResult> rs = runs(c, jobs);
        double sum = 0;
        for (SimResult r : rs) {
            sum += metric.of(r);
        }
        return sum / rs.size();
    }

    /** The relative standard error of that mean (0 with one replication). */
    public double standardError(Column c, int jobs, Metric metric) {
        List<SimResult> rs = runs(c, jobs);
        int n = rs.size();
        if (n < 2) {
            return 0;
        }
        double mean = mean(c, jobs, metric);
        double ss = 0;
        for (SimResult r : rs) {
            double d = metric.of(r) - mean;
            ss += d * d;
        }
        return Math.sqrt(ss / (n - 1) / n) / mean;
    }

    public double predict(Cell cell) {
        return mean(cell.column(), cell.jobs(), cell.metric());
    }

    /** Predictions for the cells, in order; the runs go in parallel. */
    public double[] predict(List<Cell> cells) {
        cells.parallelStream().forEach(c -> runs(c.column(), c.jobs()));
        double[] out = new double[cells.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = predict(cells.get(i));
        }
        return out;
    }
}

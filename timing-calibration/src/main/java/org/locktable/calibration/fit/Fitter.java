package org.locktable.calibration.fit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.sim.WaitRules;
import org.locktable.timing.workload.Workload;

/**
 * Fits a profile's free parameters to training cells: Nelder–Mead ({@link NelderMead}) in log space, each
 * parameter clamped to its bounds, minimising the mean squared relative error of the simulator's predictions
 * (fixed random seed, so the objective is a deterministic function of the parameters), as the mean squared log
 * ratio ({@link #objective}). Started from the
 * specification's starting values; {@code restarts} re-starts from the best point with a fresh simplex (a cheap
 * guard against a collapsed simplex).
 */
public final class Fitter {
    private Fitter() {
    }

    /** Fitter settings. */
    public record Settings(Fidelity fidelity, int maxEvaluations, int restarts, double step, double tolerance,
            WaitRules rules) {
        /** What the committed values were fitted with. */
        public static final Settings FULL = new Settings(Fidelity.FIT, 400, 2, 0.35, 1e-4);
        /** The unit test's re-fit. */
        public static final Settings QUICK = new Settings(Fidelity.QUICK, 160, 0, 0.35, 1e-3);

        /** Under the waiting rules the committed profiles were fitted with ({@link WaitRules#COMMITTED}). */
        public Settings(Fidelity fidelity, int maxEvaluations, int restarts, double step, double tolerance) {
            this(fidelity, maxEvaluations, restarts, step, tolerance, WaitRules.COMMITTED);
        }

        /** The same settings, the simulator under {@code r}. */
        public Settings withRules(WaitRules r) {
            return new Settings(fidelity, maxEvaluations, restarts, step, tolerance, r);
        }
    }

    /**
     * The outcome.
     *
     * @param values fitted parameter → value
     * @param objective mean squared log ratio at {@code values}
     * @param evaluations objective evaluations (each runs every training cell)
     * @param errors training cell key → relative error at {@code values}
     */
    public record Result(Map<String, Double> values, double objective, int evaluations, Map<String, Double> errors) {
    }

    /**
     * The objective: the mean squared log ratio of predicted to published, ln(pred / pub)². For small errors this
     * is the squared relative error; unlike it, a factor of 2 too high and too low weigh the same, so one
     * inconsistent measurement cannot drag the fit to predicting everything low.
     */
    public static double objective(List<Cell> cells, double[] predicted) {
        double s = 0;
        for (int i = 0; i < predicted.length; i++) {
            double e = Math.log(Math.max(predicted[i], 1e-9) / cells.get(i).published());
            s += e * e;
        }
        return s / predicted.length;
    }

    /**
     * Fits {@code spec}'s fitted parameters on {@code cells}.
     *
     * @param start values to start from (missing ones: the specification's start)
     * @param others resolves the other profiles (derived parameters, and columns of other profiles)
     */
    public static Result fit(ProfileSpec spec, List<Cell> cells, Settings settings, Map<String, Double> start,
            Function<String, Profile> others) {
        return fit(spec, cells, settings, start, others, SeedWorkloads::get);
    }

    /** As above, with the cells' workloads resolved by {@code workloads}. */
    public static Result fit(ProfileSpec spec, List<Cell> cells, Settings settings, Map<String, Double> start,
            Function<String, Profile> others, Function<String, Workload> workloads) {
        List<ProfileSpec.Def> free = spec.fitted();
        int n = free.size();
        double[] x0 = new double[n];
        double[] step = new double[n];
        for (int i = 0; i < n; i++) {
            ProfileSpec.Def d = free.get(i);
            double v = start.getOrDefault(d.name(), d.value());
            x0[i] = Math.log(clamp(v, d));
            step[i] = settings.step();
        }
        int[] evals = {0};
        java.util.function.ToDoubleFunction<double[]> f = x -> {
            evals[0]++;
            Map<String, Double> values = values(free, x);
            return objective(cells, predict(spec, values, cells, settings.fidelity(), settings.rules(), others, workloads));
        };
        NelderMead.Result best = null;
        double[] x = x0;
        for (int r = 0; r <= settings.restarts(); r++) {
            NelderMead.Result res = NelderMead.minimise(f, x, step, settings.maxEvaluations(), settings.tolerance());
            if (best == null || res.value() <= best.value()) {
                best = res;
            }
            x = best.x();
            for (int i = 0; i < n; i++) {
                step[i] *= 0.5;
            }
        }
        Map<String, Double> values = values(free, best.x());
        double[] pred = predict(spec, values, cells, settings.fidelity(), settings.rules(), others, workloads);
        Map<String, Double> errors = new LinkedHashMap<>();
        for (int i = 0; i < pred.length; i++) {
            errors.put(cells.get(i).key(), pred[i] / cells.get(i).published() - 1);
        }
        return new Result(values, objective(cells, pred), evals[0], errors);
    }

    /** Predictions of {@code cells} with {@code spec} built from {@code values}. */
    public static double[] predict(ProfileSpec spec, Map<String, Double> values, List<Cell> cells, Fidelity fidelity,
            Function<String, Profile> others) {
        return predict(spec, values, cells, fidelity, others, SeedWorkloads::get);
    }

    /** As above, with the cells' workloads resolved by {@code workloads}. */
    public static double[] predict(ProfileSpec spec, Map<String, Double> values, List<Cell> cells, Fidelity fidelity,
            Function<String, Profile> others, Function<String, Workload> workloads) {
        return predict(spec, values, cells, fidelity, WaitRules.COMMITTED, others, workloads);
    }

    /** As above, the simulator under {@code rules}. */
    public static double[] predict(ProfileSpec spec, Map<String, Double> values, List<Cell> cells, Fidelity fidelity,
            WaitRules rules, Function<String, Profile> others, Function<String, Workload> workloads) {
        Profile candidate = spec.build(values, others);
        Predictor p = new Predictor(name -> name.equals(spec.name()) ? candidate : others.apply(name), workloads,
                fidelity).withRules(rules);
        return p.predict(cells);
    }

    private static Map<String, Double> values(List<ProfileSpec.Def> free, double[] x) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < x.length; i++) {
            m.put(free.get(i).name(), round(clamp(Math.exp(x[i]), free.get(i))));
        }
        return m;
    }

    private static double clamp(double v, ProfileSpec.Def d) {
        return Math.max(d.lower(), Math.min(d.upper(), v));
    }

    /** Four significant digits: what is committed, and what the fit's objective sees. */
    public static double round(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v;
        }
        double scale = Math.pow(10, 3 - Math.floor(Math.log10(Math.abs(v))));
        return Math.round(v * scale) / scale;
    }

    static List<String> names(List<ProfileSpec.Def> defs) {
        List<String> out = new ArrayList<>();
        for (ProfileSpec.Def d : defs) {
            out.add(d.name());
        }
        return out;
    }
}

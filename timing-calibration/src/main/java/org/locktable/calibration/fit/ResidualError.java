package org.locktable.calibration.fit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.OptionalDouble;

import org.apache.commons.math3.distribution.TDistribution;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.SeedCells;

/**
 * How far a profile's model misses its own training cells, as the standard error of a nonlinear least-squares fit,
 * and the 95 % prediction interval that follows for a cell the fit did not see.
 *
 * <p>The residuals are ln(predicted / published), as in the fit's objective. Cells of one simulated run (seed 004's
 * READ and WRITE lines) are one observation: their mean residual counts once. With {@code n} runs and {@code p}
 * fitted parameters, {@code s² = Σ r² / (n - p)}; a new cell's prediction is off by a factor of at most
 * {@code exp(t · s · √(1 + p/n))} at 95 %, {@code t} Student's quantile at {@code n - p} degrees of freedom and
 * {@code p/n} the mean leverage standing in for each cell's own (the leverages sum to {@code p}). A profile with no
 * degrees of freedom left ({@code n ≤ p}: seeds 001 and 004) has no estimate: its fit is exact by construction and
 * says nothing about its error.
 *
 * @param profile the profile
 * @param runs distinct training runs, {@code n}
 * @param parameters fitted parameters, {@code p}
 * @param rms {@code s}, the residual standard error (NaN without degrees of freedom)
 * @param factor the 95 % prediction factor (NaN without degrees of freedom)
 */
public record ResidualError(String profile, int runs, int parameters, double rms, double factor) {
    /** The two-sided level of the prediction interval. */
    public static final double LEVEL = 0.95;

    /**
     * The committed {@code profile}'s, from its training cells simulated at the report's fidelity
     * ({@link Fidelity#REPORT}), as the validation report computes it; a profile without seed cells (fitted on live
     * runs) has no estimate either.
     */
    public static ResidualError committed(String profile) {
        List<Cell> cells = SeedCells.training(profile);
        return of(profile, Profiles.spec(profile).fitted().size(), cells,
                Predictor.committed(Fidelity.REPORT).predict(cells));
    }

    /**
     * As {@link #committed}, with {@code fitted} as the profile's fitted values (a refit not yet committed); the other
     * profiles as committed.
     */
    public static ResidualError withValues(String profile, Map<String, Double> fitted) {
        List<Cell> cells = SeedCells.training(profile);
        Profile refit = Profiles.spec(profile).build(fitted);
        Predictor p = new Predictor(n -> n.equals(profile) ? refit : Profiles.get(n), Fidelity.REPORT);
        return of(profile, Profiles.spec(profile).fitted().size(), cells, p.predict(cells));
    }

    /** The row of {@code residual-errors.tsv} ({@link ModelError}): profile, runs, parameters, rms. */
    public List<String> row() {
        return List.of(profile, Integer.toString(runs), Integer.toString(parameters),
                Double.isNaN(rms) ? "NaN" : String.format(Locale.ROOT, "%.4g", rms));
    }

    /**
     * From the training cells of {@code profile} and their predictions, {@code parameters} of the profile fitted.
     *
     * @param predicted each cell's prediction, in {@code cells}' order
     */
    public static ResidualError of(String profile, int parameters, List<Cell> cells, double[] predicted) {
        Map<String, double[]> byRun = new LinkedHashMap<>();
        for (int i = 0; i < cells.size(); i++) {
            Cell c = cells.get(i);
            if (!c.training() || !c.column().profile().equals(profile)) {
                continue;
            }
            double[] sumAndCount = byRun.computeIfAbsent(c.column().id() + "@" + c.jobs(), k -> new double[2]);
            sumAndCount[0] += Math.log(predicted[i] / c.published());
            sumAndCount[1]++;
        }
        int n = byRun.size();
        int dof = n - parameters;
        if (dof < 1) {
            return new ResidualError(profile, n, parameters, Double.NaN, Double.NaN);
        }
        double ss = 0;
        for (double[] r : byRun.values()) {
            double mean = r[0] / r[1];
            ss += mean * mean;
        }
        double s = Math.sqrt(ss / dof);
        double t = new TDistribution(null, dof).inverseCumulativeProbability(0.5 + LEVEL / 2);
        return new ResidualError(profile, n, parameters, s, Math.exp(t * s * Math.sqrt(1 + (double) parameters / n)));
    }

    /** {@code n - p}. */
    public int degreesOfFreedom() {
        return runs - parameters;
    }

    /** Whether the fit left degrees of freedom to estimate its error. */
    public boolean estimated() {
        return !Double.isNaN(factor);
    }

    /** The factor, when estimated. */
    public OptionalDouble factorIfEstimated() {
        return estimated() ? OptionalDouble.of(factor) : OptionalDouble.empty();
    }
}

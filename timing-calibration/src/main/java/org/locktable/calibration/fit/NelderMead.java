package org.locktable.calibration.fit;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;

/**
 * Deterministic Nelder–Mead minimiser (standard coefficients: reflection 1, expansion 2, contraction ½,
 * shrink ½) over an unconstrained vector. Callers map their parameters into this space themselves (the
 * {@link Fitter} works in log space and clamps to bounds). No randomness: the same function, start and step
 * give the same answer, evaluation for evaluation.
 */
public final class NelderMead {
    private NelderMead() {
    }

    /** The best point found, its value, and how many evaluations it took. */
    public record Result(double[] x, double value, int evaluations, boolean converged) {
    }

    /**
     * Minimises {@code f} from {@code start}, the initial simplex being {@code start} plus {@code step[i]} along
     * each axis.
     *
     * @param maxEvaluations stop after this many evaluations of {@code f}
     * @param tolerance stop when the simplex's values differ by less than this (absolute) and its points by less
     *                  than this along every axis
     */
    public static Result minimise(ToDoubleFunction<double[]> f, double[] start, double[] step, int maxEvaluations,
            double tolerance) {
        int n = start.length;
        if (step.length != n) {
            throw new IllegalArgumentException("step has " + step.length + " entries, start " + n);
        }
        double[][] p = new double[n + 1][];
        double[] v = new double[n + 1];
        p[0] = start.clone();
        v[0] = f.applyAsDouble(p[0]);
        int evals = 1;
        for (int i = 0; i < n; i++) {
            p[i + 1] = start.clone();
            p[i + 1][i] += step[i];
            v[i + 1] = f.applyAsDouble(p[i + 1]);
            evals++;
        }
        boolean converged = false;
        while (evals < maxEvaluations) {
            sort(p, v);
            if (spread(p, v) < tolerance) {
                converged = true;
                break;
            }
            double[] centroid = new double[n];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < n; k++) {
                    centroid[k] += p[i][k] / n;
                }
            }
            double[] xr = along(centroid, p[n], 1.0);
            double vr = f.applyAsDouble(xr);
            evals++;
            if (vr < v[0]) {
                double[] xe = along(centroid, p[n], 2.0);
                double ve = f.applyAsDouble(xe);
                evals++;
                if (ve < vr) {
                    p[n] = xe;
                    v[n] = ve;
                } else {
                    p[n] = xr;
                    v[n] = vr;
                }
                continue;
            }
            if (vr < v[n - 1]) {
                p[n] = xr;
                v[n] = vr;
                continue;
            }
            boolean outside = vr < v[n];
            double[] xc = outside ? along(centroid, p[n], 0.5) : along(centroid, p[n], -0.5);
            double vc = f.applyAsDouble(xc);
            evals++;
            if (vc < (outside ? vr : v[n])) {
                p[n] = xc;
                v[n] = vc;
                continue;
            }
            for (int i = 1; i <= n && evals < maxEvaluations; i++) {
                for (int k = 0; k < n; k++) {
                    p[i][k] = p[0][k] + 0.5 * (p[i][k] - p[0][k]);
                }
                v[i] = f.applyAsDouble(p[i]);
                evals++;
            }
        }
        sort(p, v);
        return new Result(p[0].clone(), v[0], evals, converged);
    }

    /** centroid + t·(centroid − worst). */
    private static double[] along(double[] centroid, double[] worst, double t) {
        double[] x = new double[centroid.length];
        for (int k = 0; k < x.length; k++) {
            x[k] = centroid[k] + t * (centroid[k] - worst[k]);
        }
        return x;
    }

    private static double spread(double[][] p, double[] v) {
        double s = Math.abs(v[v.length - 1] - v[0]);
        for (int i = 1; i < p.length; i++) {
            for (int k = 0; k < p[0].length; k++) {
                s = Math.max(s, Math.abs(p[i][k] - p[0][k]));
            }
        }
        return s;
    }

    /** Insertion sort by value; ties keep their order (stable), so the run is deterministic. */
    private static void sort(double[][] p, double[] v) {
        for (int i = 1; i < v.length; i++) {
            double vi = v[i];
            double[] pi = p[i];
            int j = i - 1;
            while (j >= 0 && v[j] > vi) {
                v[j + 1] = v[j];
                p[j + 1] = p[j];
                j--;
            }
            v[j + 1] = vi;
            p[j + 1] = pi;
        }
    }

    static String describe(Result r) {
        return Arrays.toString(r.x()) + " -> " + r.value() + " in " + r.evaluations();
    }
}

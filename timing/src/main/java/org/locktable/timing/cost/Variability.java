package org.locktable.timing.cost;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Service-time variability: samples with a given mean and coefficient of variation (standard deviation / mean).
 * {@code cv = 0} is deterministic (no random draw), {@code cv = 1} exactly exponential ({@code −mean·ln U}),
 * any other value a gamma distribution with shape {@code 1/cv²}, drawn from a 65,536-point quantile table
 * (built once per cv from Marsaglia–Tsang samples with a fixed seed, normalised to mean 1): one random int
 * per sample instead of a normal and a logarithm. Every draw comes from the caller's seeded generator, so runs
 * are reproducible.
 */
public final class Variability {
    private static final int TABLE_BITS = 16;
    private static final ConcurrentHashMap<Double, Variability> CACHE = new ConcurrentHashMap<>();
    private static final Variability DETERMINISTIC = new Variability(0, null);
    private static final Variability EXPONENTIAL = new Variability(1, null);

    private final double cv;
    private final double[] table;

    private Variability(double cv, double[] table) {
        this.cv = cv;
        this.table = table;
    }

    /** The sampler for a coefficient of variation (cached). */
    public static Variability of(double cv) {
        if (!(cv >= 0) || Double.isInfinite(cv)) {
            throw new IllegalArgumentException("cv must be finite and >= 0: " + cv);
        }
        if (cv == 0) {
            return DETERMINISTIC;
        }
        if (cv == 1) {
            return EXPONENTIAL;
        }
        return CACHE.computeIfAbsent(cv, Variability::build);
    }

    public double cv() {
        return cv;
    }

    /** One sample, ≥ 0, with the given mean. */
    public double sample(SplittableRandom rng, double mean) {
        if (table == null) {
            if (cv == 0 || mean <= 0) {
                return Math.max(mean, 0);
            }
            return -mean * Math.log(1.0 - rng.nextDouble());
        }
        if (mean <= 0) {
            return 0;
        }
        return mean * table[rng.nextInt(table.length)];
    }

    /** Convenience: one sample of mean {@code mean} and coefficient of variation {@code cv}. */
    public static double sample(SplittableRandom rng, double mean, double cv) {
        return of(cv).sample(rng, mean);
    }

    private static Variability build(double cv) {
        double shape = 1.0 / (cv * cv);
        SplittableRandom rng = new SplittableRandom(0x5eed5eedL ^ Double.doubleToLongBits(cv));
        double[] t = new double[1 << TABLE_BITS];
        double sum = 0;
        for (int i = 0; i < t.length; i++) {
            t[i] = gamma(rng, shape);
            sum += t[i];
        }
        Arrays.sort(t);
        double scale = t.length / sum;
        for (int i = 0; i < t.length; i++) {
            t[i] *= scale;
        }
        return new Variability(cv, t);
    }

    /** A Gamma(shape, 1) sample (Marsaglia–Tsang; boosted for shape < 1). */
    static double gamma(SplittableRandom rng, double shape) {
        if (shape < 1) {
            double u = rng.nextDouble();
            return gamma(rng, shape + 1) * Math.pow(u == 0 ? Double.MIN_VALUE : u, 1.0 / shape);
        }
        double d = shape - 1.0 / 3.0;
        double c = 1.0 / Math.sqrt(9.0 * d);
        while (true) {
            double x;
            double v;
            do {
                x = rng.nextGaussian();
                v = 1.0 + c * x;
            } while (v <= 0);
            v = v * v * v;
            double u = rng.nextDouble();
            if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }
}

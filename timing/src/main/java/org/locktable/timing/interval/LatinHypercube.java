package org.locktable.timing.interval;

import java.util.SplittableRandom;

/**
 * Latin hypercube draws: {@code n} points in [0, 1) for each named dimension, one in each of the {@code n} equal
 * strata, the strata's order a seeded permutation (McKay, Beckman and Conover, 1979). Each dimension has its own
 * {@link SplittableRandom}, seeded with the draw's seed and the dimension's name, so that a dimension's column does not
 * change when another is added or removed; the same seed gives the same points.
 */
public final class LatinHypercube {
    private LatinHypercube() {
    }

    /** The {@code n} coordinates of dimension {@code name}, in draw order. */
    public static double[] column(int n, long seed, String name) {
        SplittableRandom rng = new SplittableRandom(seed ^ ((long) name.hashCode() << 32) ^ name.length());
        int[] stratum = new int[n];
        for (int i = 0; i < n; i++) {
            stratum[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = stratum[i];
            stratum[i] = stratum[j];
            stratum[j] = t;
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = (stratum[i] + rng.nextDouble()) / n;
        }
        return out;
    }
}

package org.locktable.timing.sim;

import java.util.SplittableRandom;

import org.locktable.timing.cost.Variability;

/** Draws the CPU bursts, conversions and log writes of a run: a mean with the cost model's cv, in whole ns. */
final class CostSampler {
    private final SplittableRandom rng;
    private final Variability variability;

    CostSampler(long seed, double cv) {
        this.rng = new SplittableRandom(seed);
        this.variability = Variability.of(cv);
    }

    long sample(double meanNs) {
        return Math.round(variability.sample(rng, meanNs));
    }
}

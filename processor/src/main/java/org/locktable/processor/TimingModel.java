package org.locktable.processor;

import java.util.List;

import org.locktable.timing.check.SpeedupCheck;
import org.locktable.timing.check.TimingSpec;

/**
 * A validated {@code @Workload} with its {@code @ExpectSpeedup}s: plain data, free of {@code javax.lang.model}.
 *
 * @param spec what to simulate (device, workload, job counts, policies, seed, work cap)
 * @param deviceDescription the device profile, one line
 * @param workloadDescription the workload (the seed table it stands for and its assumptions, or the fio options)
 * @param speedups the expectations, in source order
 */
record TimingModel(TimingSpec spec, String deviceDescription, String workloadDescription, List<Speedup> speedups) {

    TimingModel {
        speedups = List.copyOf(speedups);
    }

    /** {@code @ExpectSpeedup}: {@code policy} / {@code over} IOPS at {@code jobs} jobs in [min, max]. */
    record Speedup(String policy, String over, int jobs, double min, double max) {
        /** {@code at least 1.5x} or {@code within 1.4x..2.2x}. */
        String bound() {
            return SpeedupCheck.describe(min, max);
        }

        /** {@code ext4-patch1 over ext4-base at 8 jobs: at least 1.5x}. */
        String describe() {
            return policy + " over " + over + " at " + jobs + " job" + (jobs == 1 ? "" : "s") + ": " + bound();
        }
    }
}

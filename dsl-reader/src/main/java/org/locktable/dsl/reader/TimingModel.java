package org.locktable.dsl.reader;

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
 * @param site the {@code @Workload} annotation
 */
public record TimingModel(TimingSpec spec, String deviceDescription, String workloadDescription, List<Speedup> speedups,
        Site site) {

    public TimingModel {
        speedups = List.copyOf(speedups);
    }

    /** {@code @ExpectSpeedup}: {@code policy} / {@code over} IOPS at {@code jobs} jobs in [min, max]. */
    public record Speedup(String policy, String over, int jobs, double min, double max, Site site) {
        /** {@code at least 1.5x} or {@code within 1.4x..2.2x}. */
        public String bound() {
            return SpeedupCheck.describe(min, max);
        }

        /** {@code ext4-patch1 over ext4-base at 8 jobs: at least 1.5x}. */
        public String describe() {
            return policy + " over " + over + " at " + jobs + " job" + (jobs == 1 ? "" : "s") + ": " + bound();
        }
    }
}

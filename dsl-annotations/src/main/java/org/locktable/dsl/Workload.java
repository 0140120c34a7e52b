package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A timing table for the scenario: the timing model (locktable-timing) simulates fio running {@link #workload()}
 * (or the inline {@link #fio()} options) on {@link #device()} at each of {@link #jobs()}, once per policy, and
 * the scenario states the speedups it expects with {@link ExpectSpeedup}. Give exactly one of {@code workload}
 * and {@code fio}. The generated suite needs {@code locktable-timing} on the test class path.
 *
 * <pre>{@code
 * @Scenario(title = "Seed 000 test 1: patch 1 scales where base is lock bound")
 * @Workload(device = "seed000-vm", workload = "seed000-test1", jobs = {1, 2, 4, 8})
 * @ExpectSpeedup(policy = "ext4-patch1", over = "ext4-base", jobs = 8, atLeast = 1.5)
 * class Seed000Test1Timing {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Workload {
    /** A device profile, e.g. {@code seed000-vm} ({@code locktable simulate --help} lists them). */
    String device();

    /** A named seed workload, e.g. {@code seed000-test1}; empty when {@link #fio()} is given. */
    String workload() default "";

    /**
     * Inline fio options, as an alternative to {@link #workload()}: {@code "rw=write bs=8k ioengine=libaio
     * iodepth=1 size=64m"} (a leading {@code --} on each is optional; numjobs is set by {@link #jobs()}).
     */
    String fio() default "";

    /** The job counts, one table row each; empty: the seed table's rows (a named workload) or fio's numjobs. */
    int[] jobs() default {};

    /**
     * The policies to simulate, one column each, the first being the baseline of the table's speedups; empty:
     * the policies the {@link ExpectSpeedup}s name, each {@code over} before its {@code policy}.
     */
    String[] policies() default {};

    /** The simulator's seed. */
    long seed() default 1;

    /**
     * At most about this many I/Os per job: fixed work is cut to that many I/Os, a time-based job becomes fixed
     * work of that many I/Os (steady-state IOPS change only by end effects). 0 simulates the full workload.
     */
    int iosPerJob() default 4096;
}

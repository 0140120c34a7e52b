package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Simple;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * Wake-ups, against schedules computed by hand (deterministic costs, one job, aligned 4 KiB overwrites, all
 * shared): a job thread that slept for a completion pays {@code cost.wakeNs} W before its next I/O, and a request
 * that finds the device idle pays {@code device.wakeNs}. Neither is paid by a thread or a device kept busy, which is
 * why a cost measured at iodepth 1 overstates the cost per I/O at iodepth 32.
 */
@DisplayName("Wake-ups: the submitter's and the device's, paid only after sleeping")
class WakeUpTest {
    static final double Z = 1_000;
    static final double W = 1_500;
    static final long N = 1024;

    static Workload overwrites(JobSpec.Engine engine, int depth) {
        return Workloads.sequential(1, 4096, N * 4096, engine, depth, InitialLayout.WRITTEN);
    }

    static SimResult run(Workload w, Simple device) {
        return Simulator.run(SimConfig.of(w, "ext4-base", device, CostModel.ZERO.withThinkNs(Z).withWakeNs(W)));
    }

    /** fio's rule for fixed work: I/Os over the last completion. */
    static double iops(double runtimeNs) {
        return N / (runtimeNs / 1e9);
    }

    @Test
    @DisplayName("iodepth 1: every I/O after the first sleeps for its completion: N / (N (Z + D) + (N - 1) W)")
    void depthOneSleepsEveryIo() {
        double d = 20_000;
        for (JobSpec.Engine engine : new JobSpec.Engine[] {JobSpec.Engine.LIBAIO, JobSpec.Engine.PSYNC}) {
            SimResult r = run(overwrites(engine, 1), Simple.of(d, 0, 0));
            assertEquals(N, r.ios());
            assertEquals(N - 1, r.counters().wakeUps(), engine + ": the first I/O starts awake");
            assertEquals(iops(N * (Z + d) + (N - 1) * W), r.iops(), 1e-6 * r.iops(), engine.toString());
        }
    }

    @Test
    @DisplayName("iodepth 8, completions back before the slots run out: never asleep, N / (N Z + D)")
    void queuedSubmitterNeverSleeps() {
        double d = 3_000; // 8 Z > Z + D: a slot is always free
        SimResult r = run(overwrites(JobSpec.Engine.LIBAIO, 8), Simple.of(d, 0, 0));
        assertEquals(0, r.counters().wakeUps());
        assertEquals(iops(N * Z + d), r.iops(), 1e-6 * r.iops());
    }

    @Test
    @DisplayName("iodepth 8, a device slower than the submitter: the device bounds, Z + N P; the submitter wakes per I/O")
    void deviceBoundSubmitterWakesPerIo() {
        double p = 3_000; // Z + W < P: after each completion the submitter refills the slot and sleeps again
        SimResult r = run(overwrites(JobSpec.Engine.LIBAIO, 8), Simple.of(0, p, 0));
        assertEquals(iops(Z + N * p), r.iops(), 1e-6 * r.iops());
        // the queue fills while the device drains it at 1/P against 1/Z submitted: no sleep for the first 8 and the
        // few that complete meanwhile, then one per I/O
        long wakeUps = r.counters().wakeUps();
        assertTrue(wakeUps >= N - 16 && wakeUps <= N - 8, "wake-ups " + wakeUps);
    }

    @Test
    @DisplayName("device wake-up: at iodepth 1 every request finds the device idle: N (Z + P + Dw) + (N - 1) W")
    void deviceWakeAtDepthOne() {
        double p = 3_000;
        double dw = 5_000;
        for (boolean hostCpu : new boolean[] {false, true}) {
            Simple device = Simple.of(0, p, 0).withWakeNs(dw).withHostCpu(hostCpu);
            SimResult r = run(overwrites(JobSpec.Engine.LIBAIO, 1), device);
            assertEquals(iops(N * (Z + p + dw) + (N - 1) * W), r.iops(), 1e-6 * r.iops(), "hostCpu " + hostCpu);
        }
    }

    @Test
    @DisplayName("device wake-up: a device kept busy pays it once, for the first request: Z + Dw + N P")
    void busyDeviceWakesOnce() {
        double p = 3_000;
        double dw = 5_000;
        for (boolean hostCpu : new boolean[] {false, true}) {
            Simple device = Simple.of(0, p, 0).withWakeNs(dw).withHostCpu(hostCpu);
            SimResult r = run(overwrites(JobSpec.Engine.LIBAIO, 8), device);
            assertEquals(iops(Z + dw + N * p), r.iops(), 1e-6 * r.iops(), "hostCpu " + hostCpu);
        }
    }
}

package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Simple;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * Idle exits ({@code cost.idleExitNs} E, {@code cost.idlePollNs} P), against schedules computed by hand
 * (deterministic costs, aligned 4 KiB overwrites, a device that is a pure delay D): a thread woken from a sleep
 * onto a core idle for longer than P starts E later, as wall time and not CPU. A core kept busy, an idle shorter
 * than the poll window, or unlimited cores make no exit.
 */
@DisplayName("Idle exits: a woken thread waits for its idle core to come back")
class IdleExitTest {
    static final double Z = 1_000;
    static final double D = 20_000;
    static final double E = 15_000;
    static final long N = 1024;

    static Workload overwrites(int jobs) {
        return Workloads.sequential(jobs, 4096, N * 4096, JobSpec.Engine.LIBAIO, 1, InitialLayout.WRITTEN);
    }

    static SimResult run(Workload w, double deviceNs, CostModel cost) {
        return Simulator.run(SimConfig.of(w, "ext4-base", Simple.of(deviceNs, 0, 0), cost));
    }

    static CostModel cost(int cores, double pollNs) {
        return CostModel.ZERO.withThinkNs(Z).withCores(cores).withIdleExitNs(E).withIdlePollNs(pollNs);
    }

    @Test
    @DisplayName("iodepth 1, one core: every I/O after the first wakes on the idle core, N / (N (Z + D) + (N - 1) E)")
    void everyWakeUpAfterAnIdleExits() {
        SimResult r = run(overwrites(1), D, cost(1, 0));
        assertEquals(N - 1, r.counters().idleExits(), "the first I/O starts awake");
        assertEquals(N / ((N * (Z + D) + (N - 1) * E) / 1e9), r.iops(), 1e-6 * r.iops());
        assertEquals(N * Z / 1e9, r.counters().cpuBusySeconds(), 1e-12, "the exit is not CPU time");
    }

    @Test
    @DisplayName("an idle of D within the poll window costs nothing: N / (N (Z + D))")
    void anIdleInsideThePollWindowDoesNotExit() {
        SimResult r = run(overwrites(1), D, cost(1, D + 1));
        assertEquals(0, r.counters().idleExits());
        assertEquals(N / (N * (Z + D) / 1e9), r.iops(), 1e-6 * r.iops());
    }

    @Test
    @DisplayName("unlimited cores: no core to be idle, no exit")
    void unlimitedCoresNeverExit() {
        SimResult r = run(overwrites(1), D, cost(0, 0));
        assertEquals(0, r.counters().idleExits());
        assertEquals(N / (N * (Z + D) / 1e9), r.iops(), 1e-6 * r.iops());
    }

    @Test
    @DisplayName("two jobs on one core with D < Z: each wakes while the other thinks, no exit, 2N / (2N Z + D)")
    void aBusyCoreRunsTheWokenThreadWithoutAnExit() {
        // t=0: A thinks [0, Z], B waits for the core [Z, 2Z]; A's I/O is done at Z + D < 2Z, A is woken with the
        // core busy, thinks [2Z, 3Z]; B's is done at 2Z + D, thinks [3Z, 4Z]; ... the last completion at 2N Z + D
        double d = 400;
        SimResult r = run(overwrites(2), d, cost(1, 0));
        assertEquals(0, r.counters().idleExits());
        assertEquals(2 * N / ((2 * N * Z + d) / 1e9), r.iops(), 1e-6 * r.iops());
    }

    @Test
    @DisplayName("a lone O_DSYNC buffered writer of one page, two cores: one exit per write, 1/(D + E); polling 1/D")
    void aLoneSynchronousWriterExitsOncePerWrite() {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(4096), 0, 0, 0, 4096, 4096L * N, 0,
                JobSpec.Engine.PSYNC, 1, false, true, false, false, 4096);
        Workload w = new Workload("one-page", 1, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN,
                List.of());
        CostModel cost = CostModel.ZERO.withCores(2).withIdleExitNs(E);
        SimResult idle = Simulator.run(SimConfig.of(w, "xfs-buffered", Simple.of(D, 0, 0), cost)
                .withRules(WaitRules.KERNEL));
        assertEquals(N - 1, idle.counters().idleExits());
        assertEquals(N / ((N * D + (N - 1) * E) / 1e9), idle.iops(), 1e-6 * idle.iops());
        SimResult polling = Simulator.run(SimConfig.of(w, "xfs-buffered", Simple.of(D, 0, 0), cost.withIdleExitNs(0))
                .withRules(WaitRules.KERNEL));
        assertEquals(1e9 / D, polling.iops(), 1e-6 * polling.iops());
    }
}

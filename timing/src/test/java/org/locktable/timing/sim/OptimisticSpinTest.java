package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Simple;
import org.locktable.timing.mva.MvaModel;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * Writers' optimistic spinning and lock stealing in the simulator ({@link WaitRules#optimisticSpin()}), against
 * schedules computed by hand with deterministic costs (cv 0): c in the lock, h to wake a sleeping waiter.
 */
@DisplayName("Optimistic spinning: a running owner's successor pays no hand-off; a sleeping owner's may be overtaken")
class OptimisticSpinTest {
    static final double C = 8_000;
    static final double H = 6_000;
    static final WaitRules SPIN = WaitRules.KERNEL;
    static final WaitRules NO_SPIN = WaitRules.KERNEL.withOptimisticSpin(false);

    @Test
    @DisplayName("buffered copies under the exclusive lock: 1/(c + copy) with spinning, 1/(c + copy + h) without")
    void spinnersTakeTheLockWithoutAHandoff() {
        Workload w = SemanticsTest.bufferedCopies();
        // think 5 µs < the 3 other jobs' holds: the lock is never free while anyone wants it
        CostModel cost = CostModel.ZERO.withThinkNs(5_000).withLockedNs(C).withHandoffNs(H).withCopyNsPerByte(0.25);
        double copy = 16384 * 0.25;
        SimResult spin = Simulator.run(SimConfig.of(w, "xfs-buffered", Simple.of(6_000, 0, 0), cost).withRules(SPIN));
        assertEquals(1e9 / (C + copy), spin.iops(), 1e9 / (C + copy) * 0.01, spin.summary());
        assertEquals(0, spin.counters().handoffs(), "nobody slept");
        assertTrue(spin.counters().spinGrants() >= spin.ios() - 4, "every contended acquisition spun");
        SimResult sleep = Simulator.run(SimConfig.of(w, "xfs-buffered", Simple.of(6_000, 0, 0), cost)
                .withRules(NO_SPIN));
        assertEquals(1e9 / (C + copy + H), sleep.iops(), 1e9 / (C + copy + H) * 0.01, sleep.summary());
        assertEquals(0, sleep.counters().spinGrants());
        // the MVA cross-check expresses it: no hand-off at a lock released at submission, so the lock station's
        // bound is 1/(c + copy), and it predicts more than with h
        double mvaSpin = MvaModel.predict(SimConfig.of(w, "xfs-buffered", Simple.of(6_000, 0, 0), cost)
                .withRules(SPIN)).iops();
        double mvaSleep = MvaModel.predict(SimConfig.of(w, "xfs-buffered", Simple.of(6_000, 0, 0), cost)
                .withRules(NO_SPIN)).iops();
        assertTrue(mvaSpin <= 1e9 / (C + copy) * 1.001 && mvaSpin > mvaSleep, mvaSpin + " vs " + mvaSleep);
    }

    @Test
    @DisplayName("an owner that sleeps through its I/O: its successor sleeps, and the releaser's next write takes the"
            + " lock before it wakes, until 4 ms in the list set the hand-off bit")
    void stealingFromASleepingSuccessor() {
        double d = 20_000;
        // unaligned writes under xfs-dio-v5.11: exclusive, drained, FORCE_WAIT, so the lock is held c + D; no think
        Workload w = SemanticsTest.withEngine(Workloads.seed000Test2(2, 16L << 20), JobSpec.Engine.PSYNC, 1);
        CostModel cost = CostModel.ZERO.withLockedNs(C).withHandoffNs(H);
        Simple device = Simple.of(d, 0, 0);
        SimResult one = Simulator.run(SimConfig.of(w.withJobs(1), "xfs-dio-v5.11", device, cost).withRules(SPIN));
        assertEquals(1e9 / (C + d), one.iops(), 1e9 / (C + d) * 0.001, "one job: " + one.summary());

        SimResult sleep = Simulator.run(SimConfig.of(w, "xfs-dio-v5.11", device, cost).withRules(NO_SPIN));
        assertEquals(1e9 / (C + d + H), sleep.iops(), 1e9 / (C + d + H) * 0.01, "handed over: " + sleep.summary());

        SimResult spin = Simulator.run(SimConfig.of(w, "xfs-dio-v5.11", device, cost).withRules(SPIN));
        // every release wakes the other job, and the releaser's next write (no think time) takes the free lock
        // before it runs; once it has waited 4 ms it sets the hand-off bit and gets the lock after its wake-up: one
        // gap of h in about every 4 ms + (c + D), and the jobs take turns in stretches
        double stretch = RwSem.WAIT_TIMEOUT_NS + C + d;
        double expected = 1e9 / (C + d) * (1 - H / stretch);
        assertEquals(expected, spin.iops(), expected * 0.01, "stolen: " + spin.summary());
        assertEquals(0, spin.counters().spinGrants(), "the owner is never on a CPU when it releases");
        assertTrue(spin.counters().lockSteals() >= 0.95 * spin.ios(), spin.counters().toString());
        for (SimResult.JobResult j : spin.perJob()) {
            assertTrue(j.ios() > 0.4 * spin.ios(), "the hand-off bit shares the lock: " + spin.perJob());
        }
    }
}

package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Simple;
import org.locktable.timing.mva.MvaModel;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

@DisplayName("Group commit: concurrent O_DSYNC log forces share log writes")
class GroupCommitTest {
    private static final long F = 10_000;

    @Test
    @DisplayName("idle log: a force starts at once; during a write, the next one covers every request made meanwhile")
    void batches() {
        GroupCommit log = new GroupCommit();
        assertEquals(F, log.force(0, F), "idle: starts now");
        assertEquals(F, log.force(0, F), "same instant as the start: in that write");
        assertEquals(2 * F, log.force(1, F), "in progress: waits for the next");
        assertEquals(2 * F, log.force(F - 1, F), "the next one is queued: joins it");
        assertEquals(2 * F, log.force(F, F), "at the instant the queued one starts: in it");
        assertEquals(3 * F, log.force(F + 1, F), "while the second is written: a third");
        assertEquals(5 * F, log.force(5 * F - F, F), "idle again: starts at once");
        assertEquals(4, log.writes());
    }

    /**
     * n psync jobs, each appending O_DSYNC to its own file with only the log force costing time: every force
     * finds the others' requests made at the same instant, so one log write serves n writes and the closed
     * form is IOPS = n / F; without group commit it would be 1 / F whatever n.
     */
    @Test
    @DisplayName("closed form: n jobs appending with O_DSYNC, only the log costing time: IOPS = n / F")
    void closedForm() {
        for (int n : new int[] {1, 2, 4, 8}) {
            SimResult r = Simulator.run(SimConfig.of(appendDsync(n), "xfs-dio", Simple.of(0, 0, 0),
                    CostModel.ZERO.withLogForceNs(F)));
            assertEquals(n * 1e9 / F, r.iops(), n * 1e9 / F * 1e-6, "jobs " + n);
            assertEquals(r.writeIos(), r.counters().logForces(), "every extending O_DSYNC write forces the log");
            assertEquals(r.writeIos() / n, r.counters().logWrites(), "one log write per n forces");
        }
    }

    @Test
    @DisplayName("MVA: the log force is a delay of F after completion; one job (no batching) agrees with the simulator")
    void mvaOneJob() {
        SimConfig cfg = SimConfig.of(appendDsync(1), "xfs-dio", Simple.of(0, 0, 0), CostModel.ZERO.withLogForceNs(F));
        MvaModel.Prediction p = MvaModel.predict(cfg);
        assertTrue(p.stations().stream().anyMatch(st -> st.name().equals("log force (group commit)")
                && st.demandNs() == F), p.stations().toString());
        assertEquals(1e9 / F, p.iops(), 1e9 / F * 1e-6);
        assertEquals(p.iops(), Simulator.run(cfg).iops(), p.iops() * 1e-3);
    }

    @Test
    @DisplayName("no O_DSYNC, no log force")
    void noDsyncNoForce() {
        Workload w = appendDsync(4);
        JobSpec j = w.job();
        Workload plain = Workloads.withSpec(w, new JobSpec(j.pattern(), j.readPercent(), j.blockSizes(), j.offset(),
                j.offsetIncrement(), j.skip(), j.region(), j.ioBytes(), j.timeBasedSeconds(), j.engine(), j.iodepth(),
                j.direct(), false, j.writethrough(), j.noserial(), j.alignment()));
        SimResult r = Simulator.run(SimConfig.of(plain, "xfs-dio", Simple.of(0, 0, 0), CostModel.ZERO.withLogForceNs(F)));
        assertEquals(0, r.counters().logForces());
        assertEquals(0, r.counters().logWrites());
    }

    private static Workload appendDsync(int jobs) {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(4096), 0, 0, 0, 1L << 20, 1L << 20, 0,
                JobSpec.Engine.PSYNC, 1, true, true, false, false, 4096);
        return new Workload("append-dsync", jobs, js, Workload.FileSharing.OWN_FILE, InitialLayout.EMPTY, List.of());
    }
}

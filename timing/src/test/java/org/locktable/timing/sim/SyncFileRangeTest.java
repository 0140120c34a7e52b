package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Simple;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.SyncFileRange;
import org.locktable.timing.workload.Workload;

@DisplayName("sync_file_range: buffered writes leave dirty pages; the job writes them back and waits, as its flags say")
class SyncFileRangeTest {
    private static final double Z = 1_000;
    private static final double S = 4_000;
    private static final int N = 16;

    /**
     * One job, buffered 4 KiB overwrites costing only Z each; a writeback I/O costs the device S, serially.
     * With wait_before,write every N writes the job waits, each cycle, for the N writes of the cycle before:
     * N·S > N·Z, so IOPS = 1/S. With write alone it never waits: IOPS = 1/Z, and the device keeps up or not.
     */
    @Test
    @DisplayName("closed form, one job: wait_before,write:N gives min(1/Z, 1/S); write:N alone gives 1/Z")
    void closedForm() {
        SimResult waits = run(new SyncFileRange(true, true, false, N), 1);
        assertEquals(1e9 / S, waits.iops(), 1e9 / S * 0.01, "bound by writeback");
        assertEquals(waits.writeIos() / N, waits.counters().syncFileRangeCalls());
        assertEquals(waits.writeIos(), waits.counters().writebackWrites(), "every dirty write went back");

        SimResult writeOnly = run(new SyncFileRange(false, true, false, N), 1);
        assertEquals(1e9 / Z, writeOnly.iops(), 1e9 / Z * 0.01, "never waits");

        SimResult after = run(new SyncFileRange(false, true, true, N), 1);
        double cycle = N * Z + N * S;
        assertEquals(N * 1e9 / cycle, after.iops(), N * 1e9 / cycle * 0.01, "waits for its own writeback each cycle");
    }

    @Test
    @DisplayName("no sync_file_range: buffered writes do no device I/O")
    void noCalls() {
        SimResult r = run(SyncFileRange.NONE, 4);
        assertEquals(0, r.counters().syncFileRangeCalls());
        assertEquals(0, r.counters().writebackWrites());
        assertEquals(4e9 / Z, r.iops(), 4e9 / Z * 0.01);
    }

    @Test
    @DisplayName("jobs of one file share its page cache: a call writes back the other jobs' dirty pages too")
    void sharedPageCache() {
        SimResult r = run(new SyncFileRange(true, true, false, N), 4);
        assertTrue(r.counters().writebackWrites() <= r.writeIos());
        assertTrue(r.iops() <= 1e9 / S * 1.01, "the device bounds four jobs as it bounds one: " + r.iops());
    }

    private static SimResult run(SyncFileRange sfr, int jobs) {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(4096), 0, 0, 0, 64L << 20, 64L << 20, 0,
                JobSpec.Engine.PSYNC, 1, false, false, false, false, 4096, sfr);
        Workload w = new Workload("buffered", jobs, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN,
                List.of());
        return Simulator.run(SimConfig.of(w, "xfs-buffered", Simple.of(0, S, 0), CostModel.ZERO.withThinkNs(Z)));
    }
}

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
import org.locktable.timing.workload.Workload;

/**
 * The kernel's waiting rules (issue 13 item 1), each against a schedule computed by hand: deterministic costs
 * (cv 0), one job or a mix whose counters prove the rule.
 */
@DisplayName("Waiting rules: DIO counter, waited writes per engine")
class WaitingRulesTest {
    static final double Z = 10_000;
    static final double D = 20_000;

    static Workload unalignedOneJob(JobSpec.Engine engine, int depth, long region) {
        Workload t2 = Workloads.seed000Test2(1, region);
        return SemanticsTest.withEngine(t2, engine, depth);
    }

    static SimResult run(Workload w, String policy) {
        // Z on the CPU, the device a pure latency D; nothing else costs
        return Simulator.run(SimConfig.of(w, policy, Simple.of(D, 0, 0), CostModel.ZERO.withThinkNs(Z))
                .withRules(WaitRules.KERNEL));
    }

    @Test
    @DisplayName("libaio: a FORCE_WAIT write completes inside io_submit, so one job does 1/(Z+D) at any iodepth")
    void libaioWaitedWriteCollapsesDepth() {
        for (int depth : new int[] {1, 2, 8}) {
            SimResult r = run(unalignedOneJob(JobSpec.Engine.LIBAIO, depth, 4L << 20), "ext4-base");
            assertEquals(r.writeIos(), r.counters().forceWaits(), "every write is FORCE_WAIT");
            assertEquals(0, r.counters().ioUringPunts());
            // N writes, each Z then D with the submitter asleep: runtime N (Z + D)
            assertEquals(1e9 / (Z + D), r.iops(), 1e9 / (Z + D) * 1e-9, "iodepth " + depth);
        }
    }

    @Test
    @DisplayName("io_uring: the waited write goes to an io-wq worker; the submitter thinks while it runs: N / (Z + N·D)")
    void ioUringPuntsWaitedWrite() {
        SimResult r = run(unalignedOneJob(JobSpec.Engine.IO_URING, 2, 4L << 20), "ext4-base");
        long n = r.writeIos();
        assertEquals(n, r.counters().forceWaits());
        // write 1: Z then D (completes at Z + D); write k > 1 thought during write k-1 (Z < D), waits for the
        // exclusive lock in a worker and completes D after write k-1: runtime Z + N·D
        assertEquals(n / ((Z + n * D) / 1e9), r.iops(), 1e-6 * r.iops());
        assertEquals(n, r.counters().ioUringPunts(), "write 1 punted at its waited completion, the others at the lock");
        SimResult aio = run(unalignedOneJob(JobSpec.Engine.LIBAIO, 2, 4L << 20), "ext4-base");
        assertTrue(r.iops() > 1.4 * aio.iops(), "io_uring " + r.iops() + " vs libaio " + aio.iops());
    }

    @Test
    @DisplayName("without the rules io_uring is libaio: no punt, 1/(Z+D)")
    void noRulesNoPunt() {
        Workload w = unalignedOneJob(JobSpec.Engine.IO_URING, 2, 4L << 20);
        SimResult r = Simulator.run(SimConfig.of(w, "ext4-base", Simple.of(D, 0, 0), CostModel.ZERO.withThinkNs(Z))
                .withRules(WaitRules.NONE));
        assertEquals(0, r.counters().ioUringPunts());
        assertEquals(1e9 / (Z + D), r.iops(), 1e9 / (Z + D) * 1e-9);
    }

    @Test
    @DisplayName("io_uring at iodepth 1: the slot is the limit, not the submitter: 1/(Z+D) as libaio")
    void ioUringDepthOne() {
        SimResult r = run(unalignedOneJob(JobSpec.Engine.IO_URING, 1, 4L << 20), "ext4-base");
        assertEquals(1e9 / (Z + D), r.iops(), 1e9 / (Z + D) * 1e-9);
    }

    @Test
    @DisplayName("inode_dio_begin counts direct reads: a drain waits for reads in flight")
    void drainWaitsForReads() {
        // writes: 512 bytes unaligned, under xfs-dio-v5.11 exclusive + drain + FORCE_WAIT, so no write is ever in
        // flight when another drains; reads: aligned, async, released at submission. Every drain that waits
        // waits for reads only.
        BlockSizes bs = new BlockSizes(List.of(new BlockSizes.Weighted(512, 100)),
                List.of(new BlockSizes.Weighted(4096, 100)), false);
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 50, bs, 0, 0, 0, 16L << 20, 1L << 20, 0,
                JobSpec.Engine.LIBAIO, 4, true, false, false, false, 512);
        Workload w = new Workload("rw-mix", 2, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN,
                List.of());
        SimResult r = run(w, "xfs-dio-v5.11");
        assertEquals(r.writeIos(), r.counters().drains());
        assertEquals(r.writeIos(), r.counters().forceWaits());
        assertTrue(r.readIos() > 0);
        assertTrue(r.counters().drainWaits() > 0, "drains found direct reads in flight");
        // a read in flight at the drain completes at most D after it: no drain waits longer
        assertTrue(r.counters().drainWaitSeconds() <= r.counters().drainWaits() * D / 1e9 * (1 + 1e-9));
    }

    @Test
    @DisplayName("one direct write is a bio per iomap segment: an 8 KiB write over W U is two commands, 1/(2P + L)")
    void biosPerSegment() {
        double p = 3_000;
        double l = 4_000;
        Workload w = SemanticsTest.withEngine(Workloads.seed000Test1(1, 1L << 20), JobSpec.Engine.PSYNC, 1);
        SimConfig cfg = SimConfig.of(w, "ext4-patch1", Simple.of(l, p, 0), CostModel.ZERO);
        SimResult kernel = Simulator.run(cfg.withRules(WaitRules.KERNEL));
        SimResult fitted = Simulator.run(cfg.withRules(WaitRules.NONE));
        // every 8 KiB write covers W U or U W: two segments, two 4 KiB bios served one after the other
        assertEquals(2 * kernel.writeIos(), kernel.counters().deviceCommands());
        assertEquals(1e9 / (2 * p + l), kernel.iops(), 1e-9 * kernel.iops());
        assertEquals(fitted.writeIos(), fitted.counters().deviceCommands());
        assertEquals(1e9 / (p + l), fitted.iops(), 1e-9 * fitted.iops());
    }

    @Test
    @DisplayName("a sub-block write into an unwritten block adds the head and tail zero bios: three commands")
    void zeroBios() {
        double p = 3_000;
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(1024), 512, 0, 3072, 4096 * 64,
                4096 * 64, 0, JobSpec.Engine.PSYNC, 1, true, false, false, false, 512);
        Workload w = new Workload("sub-block", 1, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.UNWRITTEN,
                List.of());
        SimResult r = Simulator.run(SimConfig.of(w, "xfs-dio", Simple.of(0, p, 0), CostModel.ZERO)
                .withRules(WaitRules.KERNEL));
        // [512, 1536) of an unwritten block: zero [0, 512), the data, zero [1536, 4096)
        assertEquals(3 * r.writeIos(), r.counters().deviceCommands());
        assertEquals(1e9 / (3 * p), r.iops(), 1e-9 * r.iops());
    }
}

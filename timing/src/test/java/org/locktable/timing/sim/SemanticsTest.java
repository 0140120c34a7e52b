package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

@DisplayName("Simulator semantics: lock scope, drain, FORCE_WAIT, engines, files")
class SemanticsTest {
    static final CostModel COST = CostModel.ZERO.withThinkNs(5_000).withLockedNs(8_000).withRelockNs(2_000)
            .withHandoffNs(6_000).withConversionNs(3_000).withJournalHandleNs(1_500).withSizeUpdateNs(1_000);
    static final Simple DEVICE = Simple.of(6_000, 500, 1.07e9);

    static SimResult run(Workload w, String policy) {
        return Simulator.run(SimConfig.of(w, policy, DEVICE, COST));
    }

    /**
     * A run in which every waiter sleeps and is handed the lock, paying h under it: the bounds below add h to each
     * hold. With writers' optimistic spinning a running owner's successor pays none ({@link OptimisticSpinTest}).
     */
    static SimResult handedOver(Workload w, String policy) {
        return Simulator.run(SimConfig.of(w, policy, DEVICE, COST).withRules(OptimisticSpinTest.NO_SPIN));
    }

    /** Four jobs' 16 KiB buffered random overwrites without O_DSYNC, 256 each: copies under IOLOCK_EXCL only. */
    static Workload bufferedCopies() {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(16384), 0, 0, 0, 64L << 20, 4L << 20, 0,
                JobSpec.Engine.LIBAIO, 32, false, false, false, false, 16384);
        return new Workload("buffered", 4, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN, List.of());
    }

    static Workload withEngine(Workload w, JobSpec.Engine e, int depth) {
        JobSpec j = w.job();
        return Workloads.withSpec(w, new JobSpec(j.pattern(), j.readPercent(), j.blockSizes(), j.offset(),
                j.offsetIncrement(), j.skip(), j.region(), j.ioBytes(), j.timeBasedSeconds(), e, depth, j.direct(),
                j.dsync(), j.writethrough(), j.noserial(), j.alignment()));
    }

    @Test
    @DisplayName("psync holds the exclusive lock through completion; libaio releases it at submission")
    void lockScope() {
        Workload aio = Workloads.seed000Test1(16, 4L << 20);
        Workload sync = withEngine(aio, JobSpec.Engine.PSYNC, 1);
        double held = handedOver(sync, "ext4-base").iops();
        double submission = handedOver(aio, "ext4-base").iops();
        double holdTime = 8_000 + 2_000 + 6_000 + 500 + 8192 / 1.07 + 6_000 + 3_000;
        assertTrue(held <= 1e9 / holdTime * 1.01, "psync is bound by the whole hold: " + held);
        assertTrue(submission > 1.5 * held, "libaio: " + submission + " vs psync " + held);
    }

    @Test
    @DisplayName("test 2 (unaligned) under base: restart, drain and FORCE_WAIT on every write; patch 2 shares")
    void unalignedForceWait() {
        Workload w = Workloads.seed000Test2(8, 4L << 20);
        SimResult base = run(w, "ext4-base");
        assertEquals(base.writeIos(), base.counters().restarts());
        assertEquals(base.writeIos(), base.counters().drains());
        assertEquals(base.writeIos(), base.counters().forceWaits());
        assertEquals(0, base.counters().drainWaits(), "nothing is in flight: every writer waited for its own I/O");
        SimResult p1 = run(w, "ext4-patch1");
        assertEquals(base.iops(), p1.iops(), base.iops() * 1e-9, "patch 1 does not touch unaligned writes");
        SimResult p2 = run(w, "ext4-patch2");
        assertEquals(0, p2.counters().exclusiveGrants());
        assertTrue(p2.iops() > 2 * base.iops());
        SimResult xfs = run(w, "xfs-dio");
        assertEquals(xfs.writeIos(), xfs.counters().eagainRetries(), "XFS: shared try, -EAGAIN, exclusive retry");
    }

    @Test
    @DisplayName("inode_dio_wait sleeps until the shared writes in flight have completed")
    void drainWaitsForInflight() {
        BlockSizes mix = new BlockSizes(List.of(new BlockSizes.Weighted(4096, 70), new BlockSizes.Weighted(512, 30)),
                List.of(new BlockSizes.Weighted(4096, 100)), false);
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, mix, 0, 0, 0, 64L << 20, 4L << 20, 0,
                JobSpec.Engine.LIBAIO, 8, true, false, false, false, 4096);
        Workload w = new Workload("mix", 4, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN, List.of());
        SimResult r = run(w, "xfs-dio-v5.11");
        assertTrue(r.counters().drains() > 0);
        assertTrue(r.counters().drainWaits() > 0, "some drains found aligned DIO in flight");
        assertTrue(r.counters().drainWaitSeconds() > 0);
        assertTrue(r.counters().exclusiveGrants() == r.counters().drains());
    }

    @Test
    @DisplayName("buffered O_DSYNC through libaio is synchronous per I/O: iodepth does not matter")
    void bufferedDsyncIsSynchronous() {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(4096), 0, 0, 0, 64L << 20, 2L << 20, 0,
                JobSpec.Engine.LIBAIO, 32, false, true, false, false, 4096);
        Workload w = new Workload("buffered-dsync", 1, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN,
                List.of());
        CostModel c = COST.withCopyNsPerByte(0.5);
        double deep = Simulator.run(SimConfig.of(w, "xfs-buffered", DEVICE, c)).iops();
        double shallow = Simulator.run(SimConfig.of(withEngine(w, JobSpec.Engine.LIBAIO, 1), "xfs-buffered", DEVICE, c))
                .iops();
        assertEquals(shallow, deep, shallow * 1e-9);
        double cycle = 5_000 + 8_000 + 4096 * 0.5 + 500 + 4096 / 1.07 + 6_000;
        assertEquals(1e9 / cycle, deep, 1e9 / cycle * 0.01);
        // write-through + NOSERIAL is truly async: iodepth helps
        JobSpec wt = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(4096), 0, 0, 0, 64L << 20, 2L << 20, 0,
                JobSpec.Engine.LIBAIO, 32, false, true, true, true, 4096);
        double through = Simulator.run(SimConfig.of(Workloads.withSpec(w, wt), "xfs-writethrough-noserial", DEVICE, c))
                .iops();
        assertTrue(through > 1.3 * deep, "write-through " + through + " vs buffered " + deep);
    }

    @Test
    @DisplayName("buffered writes without O_DSYNC: the copy under the exclusive lock, no device I/O")
    void bufferedCopyOnly() {
        Workload w = bufferedCopies();
        CostModel c = COST.withCopyNsPerByte(0.25);
        SimResult r = Simulator.run(SimConfig.of(w, "xfs-buffered", DEVICE, c).withRules(OptimisticSpinTest.NO_SPIN));
        assertEquals(4 * 256, r.ios());
        assertEquals(r.ios(), r.counters().exclusiveGrants());
        double hold = 8_000 + 16384 * 0.25 + 6_000; // c + copy + h, serialized by the exclusive lock
        assertTrue(r.iops() <= 1e9 / hold * 1.01 && r.iops() >= 1e9 / hold * 0.9, r.summary());
    }

    @Test
    @DisplayName("several files per job: region is per file, the job's work covers all of them round robin")
    void filesPerJob() {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(4096), 0, 0, 0, 1L << 20, 0, 0,
                JobSpec.Engine.PSYNC, 1, true, false, false, false, 4096);
        Workload own = new Workload("own4", 2, js, new Workload.FileSharing(false, 4), InitialLayout.WRITTEN,
                List.of());
        SimResult r = run(own, "xfs-dio");
        assertEquals(2 * 4 * 256, r.ios(), "2 jobs x 4 files x 1 MiB / 4 KiB");
        Workload shared = new Workload("shared4", 2, js, new Workload.FileSharing(true, 4), InitialLayout.WRITTEN,
                List.of());
        assertEquals(2 * 4 * 256, run(shared, "xfs-dio").ios());
    }

    @Test
    @DisplayName("appending writes extend i_size at completion: exclusive, orphan handle, size update, FORCE_WAIT")
    void extendingWrites() {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(4096), 0, 0, 0, 1L << 20, 1L << 20, 0,
                JobSpec.Engine.LIBAIO, 1, true, false, false, false, 4096);
        Workload w = new Workload("append", 1, js, Workload.FileSharing.OWN_FILE, InitialLayout.EMPTY, List.of());
        SimResult r = run(w, "ext4-base");
        assertEquals(256, r.ios());
        assertEquals(256, r.counters().exclusiveGrants());
        assertEquals(256, r.counters().sizeUpdates());
        assertEquals(256, r.counters().forceWaits());
        assertEquals(2 * 256, r.counters().journalHandles(), "ORPHAN + one MAP_BLOCKS per write");
        assertEquals(0, r.counters().conversions(), "blocks beyond EOF are allocated written");
    }

    @Test
    @DisplayName("a file per job: no lock contention, linear scaling while the device has room")
    void ownFiles() {
        Workload shared = Workloads.seed000Test1(8, 2L << 20);
        Workload own = new Workload("own", 8, shared.job(), Workload.FileSharing.OWN_FILE, shared.initialLayout(),
                List.of());
        Simple parallel = Simple.of(14_000, 0, 0); // a pure latency: no device queue
        SimResult r = Simulator.run(SimConfig.of(own, "ext4-base", parallel, COST));
        assertEquals(0, r.meanLockWaitUs(), 1e-9);
        double one = Simulator.run(SimConfig.of(own.withJobs(1), "ext4-base", parallel, COST)).iops();
        assertEquals(8 * one, r.iops(), 8 * one * 0.01);
        assertTrue(Simulator.run(SimConfig.of(shared, "ext4-base", parallel, COST)).iops() < 0.6 * r.iops(),
                "one shared file: lock-bound");
    }

    @Test
    @DisplayName("the hand-off cost slows a contended exclusive lock; each wake counts once")
    void handoffCost() {
        Workload w = Workloads.seed000Test1(16, 2L << 20);
        SimResult with = handedOver(w, "ext4-base");
        SimResult without = Simulator.run(SimConfig.of(w, "ext4-base", DEVICE, COST.withHandoffNs(0))
                .withRules(OptimisticSpinTest.NO_SPIN));
        assertTrue(without.iops() > 1.2 * with.iops());
        assertEquals(with.counters().handoffs(), with.counters().handoffs());
        assertTrue(with.counters().handoffs() <= 2 * with.ios(), "at most one wake per acquisition");
        assertTrue(with.counters().handoffs() >= with.ios() / 2, "contended: most acquisitions slept");
    }

    @Test
    @DisplayName("ext4 2019: X, downgrade_write, submission shared; the next X still waits for those readers")
    void downgrade() {
        Workload w = Workloads.random(8, 4096, 4096, 64L << 20, 1L << 20, JobSpec.Engine.LIBAIO, 1,
                InitialLayout.WRITTEN);
        Simple parallel = Simple.of(14_000, 0, 0);
        CostModel c = COST.withRelockNs(1_000);
        SimResult r = Simulator.run(SimConfig.of(w, "ext4-2019-overwrite", parallel, c)
                .withRules(OptimisticSpinTest.NO_SPIN));
        assertEquals(r.writeIos(), r.counters().exclusiveGrants(), "every overwrite starts exclusive");
        assertEquals(0, r.counters().restarts());
        // X (x) then S (c): a writer's X waits for the previous writer's shared submission, so the lock cycle
        // is x + c + h per write, the same bound as a lock held exclusive through c
        double bound = 1e9 / (1_000 + 8_000 + 6_000);
        assertTrue(r.iops() <= bound * 1.02, r.iops() + " vs " + bound);
        assertTrue(r.iops() >= bound * 0.8, r.iops() + " vs " + bound);
        // with psync the shared hold lasts through completion and the next X waits for it: fully serialized
        SimResult sync = Simulator.run(SimConfig.of(withEngine(w, JobSpec.Engine.PSYNC, 1), "ext4-2019-overwrite",
                parallel, c).withRules(OptimisticSpinTest.NO_SPIN));
        double one = Simulator.run(SimConfig.of(withEngine(w.withJobs(1), JobSpec.Engine.PSYNC, 1),
                "ext4-2019-overwrite", parallel, c)).iops();
        assertTrue(sync.iops() < 1.1 * one, "psync: " + sync.iops() + " vs one job " + one);
    }

    @Test
    @DisplayName("a write the policy refuses is an error that names the result")
    void refused() {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(4096), 0, 0, 0, 1L << 20, 1L << 20, 0,
                JobSpec.Engine.LIBAIO, 1, false, true, true, true, 4096);
        Workload w = new Workload("wt", 1, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN, List.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(w, "xfs-buffered"));
        assertTrue(e.getMessage().contains("EOPNOTSUPP"), e.getMessage());
    }
}

package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Nvme;
import org.locktable.timing.device.Simple;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

@DisplayName("Conservation and determinism")
class ConservationTest {
    static final CostModel COST = CostModel.ZERO.withThinkNs(4_000).withLockedNs(3_000).withRelockNs(1_000)
            .withHandoffNs(2_000).withConversionNs(2_000).withJournalHandleNs(1_000).withCv(1);

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ext4-base", "ext4-patch1", "ext4-patch2", "xfs-dio", "xfs-dio-v5.11",
            "ext4-2019-overwrite"})
    @DisplayName("fixed work: every job does region/bs I/Os and IOPS × wall time = total I/Os")
    void conservation(String policy) {
        for (Workload w : new Workload[] {Workloads.seed000Test1(6, 4L << 20), Workloads.seed000Test2(5, 4L << 20)}) {
            SimResult r = Simulator.run(SimConfig.of(w, policy, new Simple(5_000, 2_000, 1e9, 0, 1, 0), COST));
            long perJob = w.name().endsWith("1") ? (4L << 20) / 8192 : (4L << 20) / 16384;
            assertEquals(w.jobs() * perJob, r.ios(), policy + " " + w.name());
            for (SimResult.JobResult j : r.perJob()) {
                assertEquals(perJob, j.ios());
                assertTrue(j.runtimeSeconds() <= r.runtimeSeconds());
            }
            assertEquals(r.ios(), r.iops() * r.runtimeSeconds(), 1e-6 * r.ios());
            assertEquals(r.bytes() / 1048576.0, r.mibPerSecond() * r.runtimeSeconds(), 1e-6 * r.bytes());
            assertEquals(r.writeIos(), r.ios());
        }
    }

    @Test
    @DisplayName("the same seed gives the same result; another seed a small difference")
    void determinism() {
        SimConfig cfg = SimConfig.of(Workloads.seed000Test1(8, 4L << 20), "ext4-base",
                new Simple(5_000, 2_000, 1e9, 0, 1, 0), COST).withSeed(17);
        SimResult a = Simulator.run(cfg);
        SimResult b = Simulator.run(cfg);
        assertEquals(a, b);
        SimResult c = Simulator.run(cfg.withSeed(18));
        assertNotEquals(a.iops(), c.iops());
        assertEquals(a.iops(), c.iops(), a.iops() * 0.03, "seeds differ only by noise");
        assertEquals(a.ios(), c.ios());
    }

    @Test
    @DisplayName("random mixed workloads on NVMe are deterministic too, and count reads and writes apart")
    void randomMixDeterministic() {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 30, org.locktable.timing.workload.BlockSizes.fixed(4096), 0, 0, 0,
                64L << 20, 16L << 20, 0, JobSpec.Engine.IO_URING, 16, true, false, false, false, 4096);
        Workload w = new Workload("mix", 4, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN,
                java.util.List.of());
        Nvme dev = new Nvme(4, 256, 500, 3e9, 16, 16384, 50_000, 12_000, 0.3, 0, 3_000);
        SimConfig cfg = SimConfig.of(w, "xfs-dio", dev, COST).withSeed(9);
        SimResult a = Simulator.run(cfg);
        assertEquals(a, Simulator.run(cfg));
        assertEquals(4 * 4096, a.ios());
        assertEquals(a.ios(), a.readIos() + a.writeIos());
        assertEquals(0.3, a.readIos() / (double) a.ios(), 0.03);
        assertEquals(a.ios(), a.iops() * a.runtimeSeconds(), 1e-6 * a.ios());
    }

    @Test
    @DisplayName("sweep runs one configuration per job count")
    void sweep() {
        SimConfig cfg = SimConfig.of(Workloads.seed000Test1(1, 1L << 20), "ext4-base",
                new Simple(5_000, 2_000, 1e9, 0, 1, 0), COST);
        java.util.List<SimResult> col = Simulator.sweep(cfg, 1, 3);
        assertEquals(2, col.size());
        assertEquals(Simulator.run(cfg.withJobs(3)), col.get(1));
        assertEquals(3, col.get(1).jobs());
    }

    @Test
    @DisplayName("time based: runtime is the configured time, IOPS = completions / runtime")
    void timeBased() {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, org.locktable.timing.workload.BlockSizes.fixed(8192), 0,
                1L << 20, 0, 1L << 20, 0, 0.02, JobSpec.Engine.LIBAIO, 1, true, false, false, false, 8192);
        Workload w = Workloads.withSpec(Workloads.seed000Test1(4, 1L << 20), js);
        SimResult r = Simulator.run(SimConfig.of(w, "ext4-patch1", new Simple(5_000, 2_000, 1e9, 0, 1, 0), COST));
        assertEquals(0.02, r.runtimeSeconds(), 1e-12);
        assertEquals(r.ios() / 0.02, r.iops(), 1e-6);
        assertTrue(r.ios() > 4 * 128, "wrapped around the 1 MiB regions");
        for (SimResult.JobResult j : r.perJob()) {
            assertEquals(0.02, j.runtimeSeconds(), 1e-12);
        }
    }

    @Test
    @DisplayName("scaling fixed work down changes steady-state IOPS only by end effects")
    void scaleInvariance() {
        SimConfig small = SimConfig.of(Workloads.seed000Test1(16, 4L << 20), "ext4-base",
                new Simple(5_000, 2_000, 1e9, 0, 1, 0), COST);
        SimConfig large = small.withWorkload(Workloads.seed000Test1(16, 32L << 20));
        double a = Simulator.run(small).iops();
        double b = Simulator.run(large).iops();
        assertEquals(b, a, b * 0.02);
    }
}

package org.locktable.calibration.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.locktable.calibration.live.MechanismPair.Setup;
import org.locktable.calibration.live.MechanismPairs.PairPlan;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/** The designed matrix: every pair differs in one thing, and the model reads each run as fio would run it. */
class MechanismPairsTest {

    @Test
    void everyPairDiffersInExactlyOneThing() {
        for (PairPlan plan : List.of(PairPlan.full(), PairPlan.tiny())) {
            for (MechanismPair p : MechanismPairs.designed(plan)) {
                List<List<String>> diff = p.optionDifference();
                if (p.a().setup() != p.b().setup() || p.a().pollingIdle() != p.b().pollingIdle()) {
                    assertEquals(p.a().fio(), p.b().fio(), p.id() + ": a layout or idle pair runs the same fio options");
                    assertTrue(p.a().setup() == p.b().setup() || p.a().pollingIdle() == p.b().pollingIdle(),
                            p.id() + ": layout and idle states both differ");
                } else {
                    assertEquals(1, diff.get(0).size(), p.id() + ": " + diff);
                    assertEquals(1, diff.get(1).size(), p.id() + ": " + diff);
                    String key = diff.get(0).get(0).substring(0, diff.get(0).get(0).indexOf('=') + 1);
                    assertTrue(diff.get(1).get(0).startsWith(key), p.id() + ": one option, two values: " + diff);
                }
            }
        }
    }

    @Test
    void fiveDirectPairsPerFileSystemThenTheFolioLockThenTheIdleExitWithStableIds() {
        List<MechanismPair> pairs = MechanismPairs.designed(PairPlan.full());
        assertEquals(14, pairs.size());
        Set<String> ids = new HashSet<>();
        for (MechanismPair p : pairs.subList(0, 10)) {
            assertTrue(ids.add(p.id()), "duplicate id " + p.id());
            assertTrue(p.id().startsWith(p.fs() + "-"), p.id());
            assertEquals(p.fs().equals("ext4") ? "ext4-base" : "xfs-dio", p.policy());
        }
        assertEquals(List.of("ext4-waited-writes", "ext4-drain-reads", "ext4-io-uring", "ext4-stripes-aligned",
                "ext4-stripes-unaligned"), pairs.subList(0, 5).stream().map(MechanismPair::id).toList());
        MechanismPair folio = pairs.get(10);
        assertEquals("xfs-folio-lock", folio.id());
        assertEquals("xfs-buffered", folio.policy());
        assertEquals(Setup.WRITTEN, folio.a().setup());
        assertEquals(List.of(List.of("--numjobs=1"), List.of("--numjobs=8")), folio.optionDifference());
        MechanismPair polling = pairs.get(11);
        assertEquals("xfs-folio-lock-polling", polling.id());
        assertTrue(polling.a().pollingIdle() && polling.b().pollingIdle());
        assertEquals(folio.optionDifference(), polling.optionDifference());
        MechanismPair idle = pairs.get(12);
        assertEquals("xfs-idle-exit", idle.id());
        assertEquals(List.of(List.of(), List.of()), idle.optionDifference());
        assertFalse(idle.a().pollingIdle());
        assertTrue(idle.b().pollingIdle());
        assertTrue(PairPrediction.of(idle, org.locktable.timing.sim.WaitRules.KERNEL).ratio() > 1.2,
                "the polling arm pays no idle exits");
        MechanismPair direct = pairs.get(13);
        assertEquals("ext4-idle-exit", direct.id());
        assertEquals("ext4-base", direct.policy());
        assertEquals(List.of(List.of(), List.of()), direct.optionDifference());
        assertTrue(direct.b().pollingIdle() && !direct.a().pollingIdle());
        assertEquals(1, direct.a().workload().job().iodepth());
    }

    @Test
    void theFolioLockPairIsTheModelsOnlyWithItsWaitingRules() {
        MechanismPair folio = MechanismPairs.designed(PairPlan.tiny()).get(10);
        JobSpec j = folio.a().workload().job();
        assertEquals(JobSpec.Engine.PSYNC, j.engine());
        assertTrue(j.dsync());
        assertFalse(j.direct());
        assertEquals(4096, j.region());
        // one writer at a time however many jobs: far below the scaling the jobs would show each on its own
        double kernel = PairPrediction.of(folio, org.locktable.timing.sim.WaitRules.KERNEL).ratio();
        double none = PairPrediction.of(folio, org.locktable.timing.sim.WaitRules.NONE).ratio();
        assertTrue(kernel < 0.8 * none, "kernel rules " + kernel + ", none " + none);
    }

    @Test
    void theModelReadsTheArmsAsFioRunsThem() {
        PairPlan plan = PairPlan.full();
        MechanismPair waited = MechanismPairs.designed(plan).get(0);
        Workload a = waited.a().workload();
        Workload b = waited.b().workload();
        assertEquals(InitialLayout.WRITTEN, a.initialLayout());
        assertEquals(InitialLayout.UNWRITTEN, b.initialLayout());
        assertEquals(a.job(), b.job());
        JobSpec j = a.job();
        assertEquals(JobSpec.Pattern.RANDOM, j.pattern());
        assertEquals(32, j.iodepth());
        assertEquals(JobSpec.Engine.LIBAIO, j.engine());
        assertEquals(2.0, j.timeBasedSeconds(), 1e-9);
        assertEquals(plan.randomRegion(), j.region());
        assertEquals(0, j.readPercent());
        assertEquals(50, MechanismPairs.designed(plan).get(1).a().workload().job().readPercent());
        assertEquals(JobSpec.Engine.IO_URING, MechanismPairs.designed(plan).get(2).b().workload().job().engine());

        MechanismPair stripes = MechanismPairs.designed(plan).get(4);
        assertEquals(Setup.STRIPES, stripes.a().setup());
        assertEquals(InitialLayout.pattern("W U U W"), stripes.a().workload().initialLayout());
        assertEquals(1, stripes.a().workload().jobs());
        assertEquals(8, stripes.b().workload().jobs());
        assertEquals(512, stripes.b().workload().job().offset());
        assertEquals(8L * plan.stripeRegion(), plan.fileBytes(stripes));
    }

    @Test
    void ioUringPairIsOneWithoutTheRulesAndNotUnderTheKernels() {
        // WaitRules.NONE has io_uring behave as libaio, so the two runs are the same simulation: exactly 1.
        MechanismPair uring = MechanismPairs.designed(PairPlan.tiny()).get(2);
        assertEquals("ext4-io-uring", uring.id());
        assertEquals(1.0, PairPrediction.of(uring, org.locktable.timing.sim.WaitRules.NONE).ratio(), 0.0);
        assertNotEquals(1.0, PairPrediction.of(uring, org.locktable.timing.sim.WaitRules.KERNEL).ratio());
    }
}

package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Device;
import org.locktable.timing.device.Simple;

/**
 * Seed 000 test 1's shape (8 KiB aligned sequential writes over "W U U W", one shared file, a region per job,
 * libaio iodepth 1): ext4-base takes every write exclusive (S → unlock → X restart) and releases at submission;
 * patch 1 takes them shared. The cost model is plausible, not calibrated: the claims are qualitative, and they
 * are made with every waiter handed the lock (no optimistic spinning), where the exclusive lock's cycle is
 * c + x + h; with spinning and these costs the lock no longer binds (its cycle is c + x), and what the seed's
 * kernel did is the calibrated profile's business (timing-validation.md).
 */
@DisplayName("Seed 000 test 1: ext4-base vs ext4-patch1")
class Seed000Test {
    static final int[] JOBS = {1, 2, 4, 8, 16, 32};
    static final long REGION = 8L << 20; // 1024 writes per job (the seed's 1 GiB scaled down)
    static final CostModel COST = CostModel.ZERO.withThinkNs(5_000).withLockedNs(8_000).withRelockNs(2_000)
            .withHandoffNs(6_000).withConversionNs(3_000).withCv(0.5);
    static final Device DEVICE = new Simple(6_000, 500, 1.07e9, 0, 0.5, 0);
    static final double LOCK_HOLD = 8_000 + 2_000 + 6_000; // c + x + h under the exclusive lock
    /** Each 8 KiB write crosses a W|U boundary: two iomap segments, two commands (the kernel's rules). */
    static final double DEVICE_SERVICE = 2 * 500 + 8192 / 1.07;
    static final Map<String, Map<Integer, SimResult>> RESULTS = new LinkedHashMap<>();

    @BeforeAll
    static void runTable() {
        for (String policy : new String[] {"ext4-base", "ext4-patch1", "ext4-patch2"}) {
            Map<Integer, SimResult> col = new LinkedHashMap<>();
            for (int n : JOBS) {
                col.put(n, Simulator.run(SimConfig.of(Workloads.seed000Test1(n, REGION), policy, DEVICE, COST)
                        .withRules(OptimisticSpinTest.NO_SPIN)));
            }
            RESULTS.put(policy, col);
        }
    }

    static double iops(String policy, int n) {
        return RESULTS.get(policy).get(n).iops();
    }

    @Test
    @DisplayName("the decisions are the seed's: base exclusive with a restart on every write, patch 1 shared")
    void decisions() {
        SimResult base = RESULTS.get("ext4-base").get(4);
        assertEquals(base.writeIos(), base.counters().exclusiveGrants());
        assertEquals(base.writeIos(), base.counters().restarts());
        assertEquals(base.writeIos(), base.counters().conversions());
        SimResult p1 = RESULTS.get("ext4-patch1").get(4);
        assertEquals(0, p1.counters().exclusiveGrants());
        assertEquals(p1.writeIos(), p1.counters().sharedGrants());
        assertEquals(p1.writeIos(), p1.counters().conversions());
    }

    @Test
    @DisplayName("patch 1 is never slower than base beyond noise")
    void patchNeverSlower() {
        for (int n : JOBS) {
            assertTrue(iops("ext4-patch1", n) >= 0.98 * iops("ext4-base", n),
                    "jobs " + n + ": patch1 " + iops("ext4-patch1", n) + " vs base " + iops("ext4-base", n));
        }
    }

    @Test
    @DisplayName("base flattens with more jobs: bound by the exclusive lock")
    void baseFlattens() {
        double lockBound = 1e9 / LOCK_HOLD;
        for (int n : new int[] {8, 16, 32}) {
            double x = iops("ext4-base", n);
            assertTrue(x <= lockBound * 1.02, "jobs " + n + ": " + x + " above the lock bound " + lockBound);
            assertTrue(x >= lockBound * 0.75, "jobs " + n + ": " + x + " far below the lock bound " + lockBound);
        }
        // nearly flat: the restart's first, shared, acquisitions are woken in batches (rwsem_mark_wake) that grow
        // with the waiters, so the column still rises a little (the seed's own rises 4 % from 8 to 32 jobs)
        assertEquals(iops("ext4-base", 8), iops("ext4-base", 32), iops("ext4-base", 8) * 0.08, "flat from 8 to 32");
        assertTrue(iops("ext4-base", 32) < 1.2 * iops("ext4-base", 2), "no scaling beyond 2 jobs");
    }

    @Test
    @DisplayName("patch 1 scales until the device or the conversion stage saturates")
    void patchScales() {
        double cap = 1e9 / Math.max(DEVICE_SERVICE, 3_000);
        assertTrue(iops("ext4-patch1", 2) > 1.8 * iops("ext4-patch1", 1));
        assertTrue(iops("ext4-patch1", 4) > 1.5 * iops("ext4-patch1", 2));
        for (int n : new int[] {16, 32}) {
            assertEquals(cap, iops("ext4-patch1", n), cap * 0.03, "jobs " + n + " at the device capacity");
        }
        assertTrue(iops("ext4-patch1", 32) > 1.6 * iops("ext4-base", 32), "the seed's ~2x at 32 jobs");
    }

    @Test
    @DisplayName("patch 2 equals patch 1 on aligned writes")
    void patch2EqualsPatch1() {
        for (int n : JOBS) {
            assertEquals(iops("ext4-patch1", n), iops("ext4-patch2", n), 1e-9);
        }
    }

    @Test
    @DisplayName("fio's rule: IOPS = total I/Os / slowest job runtime; the 1 GiB-per-job I/O count scales")
    void fioRule() {
        for (Map<Integer, SimResult> col : RESULTS.values()) {
            for (Map.Entry<Integer, SimResult> e : col.entrySet()) {
                SimResult r = e.getValue();
                assertEquals(e.getKey() * REGION / 8192, r.ios());
                double slowest = r.perJob().stream().mapToDouble(SimResult.JobResult::runtimeSeconds).max().orElse(0);
                assertEquals(r.ios() / slowest, r.iops(), 1e-6 * r.iops());
            }
        }
    }
}

package org.locktable.timing.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.Simulator;
import org.locktable.timing.workload.Workload;

@DisplayName("RunLength: a pack of appenders is cut no shorter than its settled length")
class RunLengthTest {

    @Test
    @DisplayName("seed 002 Table 1 is a pack; random overwrites, own files and seed 000's own regions are not")
    void packs() {
        assertTrue(RunLength.isPack(SeedWorkloads.get("seed002-table1")));
        assertTrue(RunLength.isPack(SeedWorkloads.get("seed002-table1-writethrough")));
        assertFalse(RunLength.isPack(SeedWorkloads.get("seed002-table2")), "random offsets");
        assertFalse(RunLength.isPack(SeedWorkloads.get("seed002-table3")), "each job its own file");
        assertFalse(RunLength.isPack(SeedWorkloads.get("seed000-test1")), "each job its own region");
    }

    @Test
    @DisplayName("TimingSpec.scale cuts a pack to the settled length, anything else as asked")
    void cut() {
        Workload t1 = SeedWorkloads.get("seed002-table1");
        assertEquals(RunLength.PACK_IOS_PER_JOB * 4096, TimingSpec.scale(t1, 512).job().ioBytes());
        assertEquals(40_000L * 4096, TimingSpec.scale(t1, 40_000).job().ioBytes(), "longer than settled: as asked");
        assertEquals(512L * 4096, TimingSpec.scale(SeedWorkloads.get("seed002-table2"), 512).job().ioBytes());
    }

    @Test
    @DisplayName("seed 002 Table 1 (Buffered), the mean of seeds 1 to 4: 8 appenders settle within 3 % at the pack's "
            + "length, 16 within 10 %")
    void settled() {
        Profile p = Profiles.get("seed002-pm173x");
        for (int jobs : new int[] {8, 16}) {
            Workload w = SeedWorkloads.get("seed002-table1").withJobs(jobs);
            double settled = iops(p, TimingSpec.scale(w, 1));
            double longer = iops(p, TimingSpec.scale(w, (int) (4 * RunLength.PACK_IOS_PER_JOB)));
            assertEquals(1, settled / longer, jobs == 8 ? 0.03 : 0.10,
                    jobs + " jobs: settled " + settled + " vs four times as long " + longer);
        }
    }

    private static double iops(Profile p, Workload w) {
        double sum = 0;
        for (long seed = 1; seed <= 4; seed++) {
            sum += Simulator.run(SimConfig.of(w, "xfs-buffered", p.device(), p.cost()).withSeed(seed)).iops();
        }
        return sum / 4;
    }
}

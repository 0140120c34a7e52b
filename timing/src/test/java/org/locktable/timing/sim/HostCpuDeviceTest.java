package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Simple;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

@DisplayName("A device whose service runs on the host's cores competes with the jobs for them")
class HostCpuDeviceTest {
    private static final double Z = 5_000;
    private static final double S = 5_000;

    /**
     * One core, psync overwrites (shared lock), think Z on the core and a device service S. When the service is
     * the host's own work (a loop device's worker) the core does Z + S per I/O whatever the job count:
     * IOPS = 1 / (Z + S). When it is the device's, the core and the device overlap: two jobs reach
     * min(2 / (Z + S), 1 / Z, 1 / S) = 1 / Z.
     */
    @Test
    @DisplayName("closed form, one core: 1/(Z+S) with the service on the core; 1/Z with it on the device, two jobs")
    void closedForm() {
        for (int jobs : new int[] {1, 2, 4}) {
            assertEquals(1e9 / (Z + S), run(jobs, true), 1e9 / (Z + S) * 0.01, "host cpu, jobs " + jobs);
        }
        assertEquals(1e9 / (Z + S), run(1, false), 1e9 / (Z + S) * 0.01, "one job: no overlap either way");
        assertEquals(1e9 / Z, run(2, false), 1e9 / Z * 0.01, "own device, two jobs overlap");
    }

    private static double run(int jobs, boolean hostCpu) {
        Workload w = Workloads.random(jobs, 4096, 4096, 64L << 20, 8L << 20, JobSpec.Engine.PSYNC, 1,
                InitialLayout.WRITTEN);
        Simple device = new Simple(0, S, 0, 0, 0, 0, hostCpu);
        return Simulator.run(SimConfig.of(w, "xfs-dio", device, CostModel.ZERO.withCores(1).withThinkNs(Z))).iops();
    }
}

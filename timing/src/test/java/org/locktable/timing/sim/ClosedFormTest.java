package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Simple;
import org.locktable.timing.device.Station;
import org.locktable.timing.mva.Mva;
import org.locktable.timing.mva.MvaModel;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * The simulator against closed forms. The machine-repairman model (N jobs with exponential think time Z
 * around one exponential FCFS server S) is the closed-loop equivalent of M/M/1: X = (1 − p0) / S with
 * p0 = 1 / Σ_k N!/(N−k)! (S/Z)^k.
 */
@DisplayName("Simulator vs closed forms")
class ClosedFormTest {
    static final double Z = 40_000;
    static final double S = 10_000;

    static double repairman(int n, double z, double s) {
        double sum = 0;
        double term = 1;
        for (int k = 0; k <= n; k++) {
            if (k > 0) {
                term *= (n - k + 1) * (s / z);
            }
            sum += term;
        }
        double p0 = 1 / sum;
        return (1 - p0) / s * 1e9;
    }

    /** psync aligned 4 KiB overwrites of a written file: every write shared, the device is the only queue. */
    static SimConfig sharedLoop(int jobs, double z, double s, long iosPerJob) {
        long region = iosPerJob * 4096;
        Workload w = Workloads.random(jobs, 4096, 4096, 1L << 30, region, JobSpec.Engine.PSYNC, 1,
                InitialLayout.WRITTEN);
        CostModel c = CostModel.ZERO.withThinkNs(z).withCv(1);
        return SimConfig.of(w, "xfs-dio", new Simple(0, s, 0, 0, 1, 0), c).withSeed(42);
    }

    /**
     * psync unaligned 512-byte writes under xfs-dio-v5.11: every write exclusive (drain, FORCE_WAIT), the lock
     * held through the device service: one exclusive resource.
     */
    static SimConfig exclusiveLoop(int jobs, double z, double s, long iosPerJob) {
        Workload w = Workloads.random(jobs, 512, 512, 1L << 30, iosPerJob * 512, JobSpec.Engine.PSYNC, 1,
                InitialLayout.WRITTEN);
        CostModel c = CostModel.ZERO.withThinkNs(z).withCv(1);
        return SimConfig.of(w, "xfs-dio-v5.11", new Simple(0, s, 0, 0, 1, 0), c).withSeed(42);
    }

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {1, 2, 4, 8, 16})
    @DisplayName("machine repairman (closed M/M/1): simulation and MVA agree with the formula")
    void machineRepairman(int n) {
        SimConfig cfg = sharedLoop(n, Z, S, 200_000 / n);
        SimResult r = Simulator.run(cfg);
        double exact = repairman(n, Z, S);
        assertEquals(0, r.counters().exclusiveGrants(), "all shared");
        assertEquals(exact, r.iops(), exact * 0.02, "simulation within 2 %");
        assertEquals(exact, MvaModel.predict(cfg).iops(), exact * 1e-9, "MVA is exact here");
    }

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {1, 2, 4, 8, 16, 32})
    @DisplayName("closed loop around one exclusive resource: the same formula, saturating at 1/S")
    void oneExclusiveResource(int n) {
        SimConfig cfg = exclusiveLoop(n, Z, S, 200_000 / n);
        SimResult r = Simulator.run(cfg);
        double exact = repairman(n, Z, S);
        assertEquals(r.writeIos(), r.counters().exclusiveGrants(), "every write exclusive");
        assertEquals(exact, r.iops(), exact * 0.02, "simulation within 2 %");
        MvaModel.Prediction m = MvaModel.predict(cfg);
        assertEquals("exclusive-held", m.regime());
        assertEquals(exact, m.iops(), exact * 1e-9, "the §3.7 hold-to-completion formula with h = 0 is exact");
        if (n >= 16) {
            assertEquals(1e9 / S, r.iops(), 1e9 / S * 0.02, "saturated: throughput = 1/S");
        }
    }

    @Test
    @DisplayName("saturated exclusive loop, deterministic times: throughput is exactly 1/S")
    void saturatedDeterministic() {
        Workload w = Workloads.random(8, 512, 512, 1L << 30, 20_000 * 512L, JobSpec.Engine.PSYNC, 1,
                InitialLayout.WRITTEN);
        SimResult r = Simulator.run(SimConfig.of(w, "xfs-dio-v5.11", Simple.of(0, S, 0), CostModel.ZERO.withThinkNs(Z)));
        assertEquals(1e9 / S, r.iops(), 1e9 / S * 1e-3);
    }

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {1, 2, 4, 8, 16, 32, 64})
    @DisplayName("all-shared parallel service: X = N / (Z + S) until the device saturates")
    void allSharedParallel(int n) {
        double z = 20_000;
        double latency = 60_000; // parallel part of the device
        double perCommand = 2_000; // serialized part: the device saturates at 500k IOPS
        Workload w = Workloads.sequential(n, 8192, 8192L * 4000, JobSpec.Engine.LIBAIO, 1, InitialLayout.UNWRITTEN);
        SimConfig cfg = SimConfig.of(w, "ext4-patch1", Simple.of(latency, perCommand, 0), CostModel.ZERO.withThinkNs(z));
        SimResult r = Simulator.run(cfg);
        double expected = Math.min(n * 1e9 / (z + latency + perCommand), 1e9 / perCommand);
        assertEquals(0, r.counters().exclusiveGrants());
        assertEquals(r.ios(), r.counters().conversions(), "every write converts an unwritten block");
        assertEquals(expected, r.iops(), expected * 0.01);
        // product form with exponential service: MVA and simulation agree within 2 %
        SimConfig expo = cfg.withCost(cfg.cost().withCv(1)).withDevice(new Simple(latency, perCommand, 0, 0, 1, 0));
        double sim = Simulator.run(expo).iops();
        double mva = MvaModel.predict(expo).iops();
        assertEquals(mva, sim, mva * 0.02, "exponential all-shared: simulation vs MVA");
    }

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {2, 8, 32})
    @DisplayName("all-shared with device and conversion queues, exponential: simulation vs MVA within 2 % (one "
            + "command per write), 5 % (a command per segment)")
    void sharedWithConversionStage(int n) {
        Workload w = Workloads.sequential(n, 8192, 8192L * (120_000 / n), JobSpec.Engine.LIBAIO, 1,
                InitialLayout.pattern("W U U W"));
        CostModel c = CostModel.ZERO.withThinkNs(15_000).withLockedNs(4_000).withConversionNs(5_000)
                .withCompletionLatencyNs(3_000).withCv(1);
        SimConfig kernel = SimConfig.of(w, "ext4-patch1", new Simple(6_000, 7_000, 0, 0, 1, 0), c).withSeed(3);
        // product form needs exponential service per visit: one command per write
        SimConfig cfg = kernel.withRules(WaitRules.NONE);
        SimResult r = Simulator.run(cfg);
        MvaModel.Prediction m = MvaModel.predict(cfg);
        assertEquals("shared", m.regime());
        assertEquals(m.iops(), r.iops(), m.iops() * 0.02);
        // every 8 KiB write crosses W|U: two commands, the sum of two exponentials at the device (not product form)
        SimResult r2 = Simulator.run(kernel);
        MvaModel.Prediction m2 = MvaModel.predict(kernel);
        assertEquals(2 * r2.writeIos(), r2.counters().deviceCommands());
        assertEquals(m2.iops(), r2.iops(), m2.iops() * 0.05);
    }

    @Test
    @DisplayName("limited CPU cores: a CPU-bound shared loop runs at cores / (Z + c)")
    void cpuBound() {
        Workload w = Workloads.random(16, 4096, 4096, 1L << 30, 4096L * 10_000, JobSpec.Engine.PSYNC, 1,
                InitialLayout.WRITTEN);
        CostModel c = CostModel.ZERO.withCores(4).withThinkNs(10_000).withLockedNs(6_000);
        SimResult r = Simulator.run(SimConfig.of(w, "xfs-dio", Simple.of(1_000, 100, 0), c));
        double expected = 4 * 1e9 / 16_000;
        assertEquals(expected, r.iops(), expected * 0.01);
        assertEquals(4.0, r.counters().cpuBusySeconds() / r.runtimeSeconds(), 0.05, "all four cores busy");
        // MVA with a multi-server CPU station, exponential (one burst per I/O, so the station is product form)
        CostModel one = CostModel.ZERO.withCores(4).withThinkNs(16_000).withCv(1);
        SimConfig expo = SimConfig.of(w, "xfs-dio", new Simple(1_000, 100, 0, 0, 1, 0), one).withSeed(5);
        assertEquals(MvaModel.predict(expo).iops(), Simulator.run(expo).iops(), MvaModel.predict(expo).iops() * 0.02);
    }

    @Test
    @DisplayName("MVA multi-server station matches the finite-source M/M/m formula")
    void mvaMultiServer() {
        int m = 3;
        double z = 50;
        double s = 20;
        for (int n = 1; n <= 12; n++) {
            // finite-source M/M/m: p_k ∝ C(n,k) (s/z)^k / (k <= m ? 1 : m! m^(k-m) / k!)... computed directly
            double[] p = new double[n + 1];
            p[0] = 1;
            double sum = 1;
            for (int k = 1; k <= n; k++) {
                p[k] = p[k - 1] * (n - k + 1) / z / (Math.min(k, m) / s);
                sum += p[k];
            }
            double busy = 0;
            for (int k = 0; k <= n; k++) {
                busy += Math.min(k, m) * p[k] / sum;
            }
            double exact = busy / s * 1e9;
            double mva = Mva.throughput(List.of(Station.delay("z", z), Station.multi("cpu", s, m)), n);
            assertEquals(exact, mva, exact * 1e-9, "n = " + n);
        }
    }

    @Test
    @DisplayName("the repairman helper is right at the limits")
    void formulaSanity() {
        assertEquals(1e9 / (Z + S), repairman(1, Z, S), 1e-6);
        assertTrue(repairman(100, Z, S) > 0.999 * 1e9 / S);
    }
}

package org.locktable.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Device;
import org.locktable.timing.device.Simple;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.SimResult;
import org.locktable.timing.sim.Simulator;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Speed of the timing module's discrete-event simulator on seed 000 test 1's shape: 8 KiB aligned sequential
 * O_DIRECT writes over a "W U U W" stripe, one shared file, a region per job, libaio iodepth 1, with a plausible
 * (uncalibrated) cost model and a Simple device with variability (cv 0.5, so the RNG is exercised).
 *
 * <ul>
 *   <li>{@link #seed000Jobs32}: the seed's full size at 32 jobs — 32 × 1 GiB / 8 KiB = 4,194,304 simulated
 *       I/Os per invocation; the score is simulated I/Os per second (goal ≥ 2 million).</li>
 *   <li>{@link #seedTable}: a whole seed table, 6 job counts (1, 2, 4, 8, 16, 32) × 3 policies (ext4-base,
 *       -patch1, -patch2), fixed work scaled down from 1 GiB to {@value #TABLE_REGION_MIB} MiB per job
 *       (16,384 writes per job, 3,096,576 I/Os per table), one thread; the score is ms per table (goal
 *       &lt; 2 s). Scaling the work down changes steady-state IOPS only by end effects (tested in the timing
 *       module: within 2 % between 4 MiB and 32 MiB per job).</li>
 *   <li>{@link #seedTableParallel}: the same table, cells on the common fork-join pool (2 cores here).</li>
 * </ul>
 */
@State(Scope.Benchmark)
@Fork(1)
public class SimulatorBenchmark {
    static final long GIB = 1L << 30;
    static final int TABLE_REGION_MIB = 128;
    static final int[] JOBS = {1, 2, 4, 8, 16, 32};
    static final String[] POLICIES = {"ext4-base", "ext4-patch1", "ext4-patch2"};
    static final long FULL_IOS = 32 * GIB / 8192;

    static final CostModel COST = CostModel.ZERO.withThinkNs(5_000).withLockedNs(8_000).withRelockNs(2_000)
            .withHandoffNs(6_000).withConversionNs(3_000).withCv(0.5);
    static final Device DEVICE = new Simple(6_000, 500, 1.07e9, 0, 0.5, 0);

    /** The policy of {@link #seed000Jobs32}; the table benchmarks run all three. */
    @State(Scope.Benchmark)
    public static class Policy {
        @Param({"ext4-base", "ext4-patch1"})
        String policy;
    }

    static Workload seed000Test1(int jobs, long region) {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(8192), 0, region, 0, region, region,
                0, JobSpec.Engine.LIBAIO, 1, true, false, false, false, 8192);
        return new Workload("seed000-test1", jobs, js, Workload.FileSharing.ONE_SHARED_FILE,
                InitialLayout.pattern("W U U W"), List.of());
    }

    static List<SimConfig> table(long region) {
        List<SimConfig> cells = new ArrayList<>();
        for (String p : POLICIES) {
            for (int n : JOBS) {
                cells.add(SimConfig.of(seed000Test1(n, region), p, DEVICE, COST));
            }
        }
        return cells;
    }

    /** Score: simulated I/Os per second (4,194,304 per invocation). */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation((int) FULL_IOS)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public SimResult seed000Jobs32(Policy p) {
        SimResult r = Simulator.run(SimConfig.of(seed000Test1(32, GIB), p.policy, DEVICE, COST));
        if (r.ios() != FULL_IOS) {
            throw new IllegalStateException("expected " + FULL_IOS + " I/Os, got " + r.ios());
        }
        return r;
    }

    /** Score: ms per seed table (18 cells, 3,096,576 simulated I/Os), one thread. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public double seedTable() {
        double sum = 0;
        for (SimConfig c : table((long) TABLE_REGION_MIB << 20)) {
            sum += Simulator.run(c).iops();
        }
        return sum;
    }

    /** Score: ms per seed table, cells in parallel on the common pool. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public double seedTableParallel() {
        return table((long) TABLE_REGION_MIB << 20).parallelStream().mapToDouble(c -> Simulator.run(c).iops()).sum();
    }
}

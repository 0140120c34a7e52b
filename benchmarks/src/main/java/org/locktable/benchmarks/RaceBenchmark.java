package org.locktable.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.locktable.concurrency.Exploration;
import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Speed of the concurrency oracle's exploration, in states explored per second (the {@code states} counter; JMH's
 * own score is explorations per second):
 *
 * <ul>
 *   <li>{@link #r4Full} / {@link #r4Reduced}: spec §6.2 R4 ({@code W W}, i_size 6144, A = aio-dio 5120+1024,
 *       B = dio 4096+4096), every schedule, and reduced ({@link Exploration#REDUCED}).</li>
 *   <li>{@link #sweepSlice} / {@link #sweepSliceParallel}: a slice of the small scope — layout {@code W}, i_size
 *       2048, every pair of an aio-dio and a dio write at 512-byte granularity (36 × 36 = 1,296 races), reduced, as
 *       the sweeps run them; on one thread, and on the common fork-join pool (all cores).</li>
 * </ul>
 *
 * <p>The fork runs the JVM as {@code bin/locktable} does (tiered, C2): {@code -jvmArgsAppend -XX:TieredStopAtLevel=1}
 * measures the C1-only configuration the module's tests run with.
 */
@State(Scope.Benchmark)
@Fork(1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RaceBenchmark {
    @Param({"ext4-base", "xfs-dio"})
    String policy;

    Policy p;
    Inode r4;
    List<Operation> r4Ops;
    Inode slice;
    List<List<Operation>> slicePairs;

    /** States explored: JMH reports them per second, beside the score. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class States {
        public long states;

        @Setup(Level.Iteration)
        public void clear() {
            states = 0;
        }
    }

    @Setup
    public void setUp() throws InvalidInputException {
        p = PolicyCatalog.builtIn(policy);
        r4 = Inode.builder(Layout.parse("W W")).size(6144).build();
        r4Ops = List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096));
        slice = Inode.builder(Layout.parse("W")).size(2048).build();
        slicePairs = new ArrayList<>();
        List<long[]> ranges = new ArrayList<>();
        for (long off = 0; off < 4096; off += 512) {
            for (long end = off + 512; end <= 4096; end += 512) {
                ranges.add(new long[] {off, end - off});
            }
        }
        for (long[] a : ranges) {
            for (long[] b : ranges) {
                slicePairs.add(List.of(Operation.aio(a[0], a[1]), Operation.dio(b[0], b[1])));
            }
        }
    }

    @Benchmark
    public Verdict r4Full(States s) {
        Verdict v = Race.explore(p, r4, r4Ops, Exploration.FULL);
        s.states += v.states();
        return v;
    }

    @Benchmark
    public Verdict r4Reduced(States s) {
        Verdict v = Race.explore(p, r4, r4Ops, Exploration.REDUCED);
        s.states += v.states();
        return v;
    }

    @Benchmark
    public long sweepSlice(States s) {
        long states = 0;
        for (List<Operation> pair : slicePairs) {
            states += Race.explore(p, slice, pair, Exploration.REDUCED).states();
        }
        s.states += states;
        return states;
    }

    @Benchmark
    public long sweepSliceParallel(States s) {
        long states = slicePairs.parallelStream().mapToLong(pair -> Race.explore(p, slice, pair, Exploration.REDUCED).states()).sum();
        s.states += states;
        return states;
    }
}

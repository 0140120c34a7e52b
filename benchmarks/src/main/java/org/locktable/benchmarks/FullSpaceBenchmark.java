package org.locktable.benchmarks;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.CaseSpace;
import org.locktable.engine.table.DecisionTable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One pass over the full standard 4-block space of every policy (its own write path), timed as a single
 * shot. Goal: the whole scan in under 5 s on a 2-core machine. The parallel variants split by policy over
 * the common fork-join pool (parallel streams), i.e. over all available cores.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
@State(Scope.Benchmark)
public class FullSpaceBenchmark {
    Map<WritePath, CaseSpace> spaces;

    @Setup
    public void setUp() {
        spaces = new EnumMap<>(WritePath.class);
        for (WritePath path : WritePath.values()) {
            spaces.put(path, CaseSpace.standard(path));
        }
    }

    /** (a) Every policy's space, one policy after the other, on one core. */
    @Benchmark
    public long scanSequential() {
        long folded = 0;
        for (Policy p : PolicyCatalog.all()) {
            folded += scan(p);
        }
        return folded;
    }

    /** (b) The same scans, policies in parallel. */
    @Benchmark
    public long scanParallel() {
        return PolicyCatalog.all().parallelStream().mapToLong(this::scan).sum();
    }

    /** (c) Every policy's {@link DecisionTable} (scan, tally by conditions, minimise), policies in parallel. */
    @Benchmark
    public List<DecisionTable> buildTablesParallel() {
        return PolicyCatalog.all().parallelStream()
                .map(p -> DecisionTable.build(p, spaces.get(p.info().path())))
                .collect(Collectors.toList());
    }

    /** Baseline for (a): enumerating the spaces without deciding, the part of a scan that is not the policy. */
    @Benchmark
    public long enumerateOnly() {
        long folded = 0;
        for (Policy p : PolicyCatalog.all()) {
            long[] sum = {0};
            spaces.get(p.info().path()).forEach(c -> sum[0] += c.request().length());
            folded += sum[0];
        }
        return folded;
    }

    /** Decides every case of the policy's space with {@link Detail#LOCK}; folds the outcomes so none is dead code. */
    long scan(Policy p) {
        long[] folded = {0};
        spaces.get(p.info().path()).forEach(c -> {
            Decision d = p.decide(c.inode(), c.request(), Detail.LOCK);
            folded[0] += d.finalLock().ordinal() * 31 + d.result().ordinal() + d.lookups();
        });
        return folded[0];
    }
}

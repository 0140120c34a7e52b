package org.locktable.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.CaseSpace;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Decisions per second of one policy, single-threaded, on a fixed sample of its standard 4-block space.
 * The score is per decision ({@link OperationsPerInvocation}). Goal: at least 10 million decisions/s per core
 * with {@link Detail#LOCK}, the detail tables use; {@link Detail#FULL} is measured for comparison.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class DecisionBenchmark {
    /** Cases per invocation: small enough to stay in cache, large enough to defeat branch-history learning. */
    static final int CASES = 4096;
    static final long SEED = 20260101L;

    /**
     * Every built-in id, in catalog order ({@link PolicyCatalog#builtIns()}): JMH needs constants, so
     * CatalogListsTest and {@link #setUp()} check that the two lists have not drifted apart.
     */
    @Param({"ext4-2019-overwrite", "ext4-v5.10", "ext4-base", "ext4-patch1", "ext4-patch2", "ext4-eof-fix", "xfs-dio-v5.11",
            "xfs-dio", "xfs-buffered", "xfs-writethrough-noserial", "ext4-buffered-bh", "ext4-buffered-bh-dio-wait",
            "ext4-buffered-iomap"})
    String policyId;

    Policy policy;
    Case[] cases;

    @Setup
    public void setUp() throws Exception {
        checkParamsCoverCatalog();
        policy = PolicyCatalog.get(policyId);
        cases = sample(CaseSpace.standard(policy.info().path()), CASES, SEED);
    }

    @Benchmark
    @OperationsPerInvocation(CASES)
    public void decideLock(Blackhole bh) {
        Policy p = policy;
        for (Case c : cases) {
            bh.consume(p.decide(c.inode(), c.request(), Detail.LOCK));
        }
    }

    @Benchmark
    @OperationsPerInvocation(CASES)
    public void decideFull(Blackhole bh) {
        Policy p = policy;
        for (Case c : cases) {
            bh.consume(p.decide(c.inode(), c.request(), Detail.FULL));
        }
    }

    /** Every k-th case of the space from a seeded start, shuffled with the same seed: the same array every run. */
    static Case[] sample(CaseSpace space, int n, long seed) {
        Random random = new Random(seed);
        long step = Math.max(1, space.size() / n);
        long start = random.nextInt((int) Math.min(step, Integer.MAX_VALUE));
        List<Case> picked = new ArrayList<>(n);
        space.forEach(c -> {
            if (picked.size() < n && c.index() >= start && (c.index() - start) % step == 0) {
                picked.add(c);
            }
        });
        Collections.shuffle(picked, random);
        return picked.toArray(new Case[0]);
    }

    /** The values of {@code @Param policyId}. */
    static List<String> policyParams() throws NoSuchFieldException {
        return Arrays.asList(DecisionBenchmark.class.getDeclaredField("policyId").getAnnotation(Param.class).value());
    }

    private static void checkParamsCoverCatalog() throws NoSuchFieldException {
        List<String> builtIns = PolicyCatalog.builtIns().stream().map(Policy::id).toList();
        if (!policyParams().equals(builtIns)) {
            throw new IllegalStateException("@Param policyId " + policyParams() + " != the built-in ids " + builtIns);
        }
    }
}

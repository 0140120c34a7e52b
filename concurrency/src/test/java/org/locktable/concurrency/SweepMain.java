package org.locktable.concurrency;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;

/**
 * The full two-operation small scope of every direct-write policy (README): every canonical pair of direct writes on
 * 1..N blocks ({@code -Dlocktable.blocks=N}, default 2), reduced exploration, in parallel. Prints cases, UNSAFE, states,
 * wall and CPU time, states per second. Run with {@code mvn -pl concurrency test-compile} and
 * {@code java -cp … org.locktable.concurrency.SweepMain [policy …]}.
 */
public final class SweepMain {
    private SweepMain() {
    }

    public static void main(String[] args) {
        int maxBlocks = Integer.getInteger("locktable.blocks", 2);
        List<String> policies = args.length > 0 ? List.of(args) : RaceCases.directPolicies();
        List<SmallScope.Case> cases = new ArrayList<>();
        for (int n = 1; n <= maxBlocks; n++) {
            cases.addAll(SmallScope.all(n, List.of(SmallScope.Shape.DIRECT, SmallScope.Shape.DIRECT)));
        }
        long wall = System.nanoTime();
        long cpu = cpu();
        long totalStates = 0;
        for (String id : policies) {
            Policy p = PolicyCatalog.builtIn(id);
            AtomicLong states = new AtomicLong();
            AtomicLong unsafe = new AtomicLong();
            long t = System.nanoTime();
            long c0 = cpu();
            cases.parallelStream().forEach(c -> {
                Verdict v = Race.explore(p, c.inode(), c.ops(), Exploration.REDUCED);
                states.addAndGet(v.states());
                if (!v.safe()) {
                    unsafe.incrementAndGet();
                }
            });
            totalStates += states.get();
            double cs = (cpu() - c0) / 1e9;
            System.out.printf("%-20s %8d cases %6d UNSAFE %11d states %6.1f s wall %6.1f s CPU %8.0f states per CPU s%n", id,
                    cases.size(), unsafe.get(), states.get(), (System.nanoTime() - t) / 1e9, cs, states.get() / cs);
        }
        double w = (System.nanoTime() - wall) / 1e9;
        double c = (cpu() - cpu) / 1e9;
        System.out.printf("%d policies x %d cases (1..%d blocks): %d states in %.1f s wall, %.1f s CPU: %.0f states/s wall, "
                + "%.0f per CPU second%n", policies.size(), cases.size(), maxBlocks, totalStates, w, c, totalStates / w, totalStates / c);
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}

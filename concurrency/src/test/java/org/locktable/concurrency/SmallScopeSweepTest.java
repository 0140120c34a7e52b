package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.locktable.concurrency.SmallScope.Shape.BUFFERED;
import static org.locktable.concurrency.SmallScope.Shape.DIRECT;
import static org.locktable.concurrency.SmallScope.Shape.TRUNCATE;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;

/**
 * The small scope (SmallScope), smallest first, under ext4-base and xfs-dio: every canonical pair of a direct write and
 * a direct write, a truncate or a buffered write on one and two blocks (the two-block buffered pairs by seeded
 * sampling), seeded samples of three blocks, and every canonical triple on one block with at most two distinct points
 * inside it. Prints the counts, the seed and the minimal counterexample per policy: fewest blocks, then fewest
 * operations, then shortest schedule ({@link Tally#minimal}).
 */
class SmallScopeSweepTest {
    private static final int SAMPLES_TWO_BLOCK_BUFFERED = 2000;
    private static final int SAMPLES_THREE_BLOCKS = 400;

    /** One explored case: where it sits in the scope's order, and what came out. */
    record Result(int index, SmallScope.Case c, Verdict v) {
        int steps() {
            return v.counterexample().orElseThrow().steps().size();
        }
    }

    /** The sweep's counts per part, and every UNSAFE case; {@link #minimal} picks the smallest. */
    static final class Tally {
        final Map<String, long[]> parts = new TreeMap<>();
        final List<Result> unsafe = Collections.synchronizedList(new ArrayList<>());

        synchronized void add(String part, Verdict v) {
            long[] p = parts.computeIfAbsent(part, k -> new long[4]);
            p[0]++;
            p[1] += v.safe() ? 0 : 1;
            p[2] += v.collided() ? 1 : 0;
            p[3] += v.states();
        }

        long unsafe(String part) {
            return parts.getOrDefault(part, new long[4])[1];
        }

        /** Fewest blocks, then fewest operations, then shortest schedule, then first in the scope's order. */
        Result minimal() {
            Result best = null;
            for (Result r : unsafe) {
                if (best == null || smaller(r, best)) {
                    best = r;
                }
            }
            return best;
        }

        static boolean smaller(Result a, Result b) {
            int c = Integer.compare(a.c().blocks(), b.c().blocks());
            c = c != 0 ? c : Integer.compare(a.c().ops().size(), b.c().ops().size());
            c = c != 0 ? c : Integer.compare(a.steps(), b.steps());
            return (c != 0 ? c : Integer.compare(a.index(), b.index())) < 0;
        }

        void print(String policy) {
            parts.forEach((k, p) -> System.out.printf("SmallScopeSweepTest: %s %-34s %7d cases %5d UNSAFE %5d collided %9d states%n",
                    policy, k, p[0], p[1], p[2], p[3]));
            Result m = minimal();
            if (m != null) {
                Counterexample cx = m.v().counterexample().orElseThrow();
                System.out.println("SmallScopeSweepTest: " + policy + " minimal counterexample (" + m.c().blocks() + " block(s), "
                        + m.c().ops().size() + " operations, " + cx.steps().size() + " steps): " + m.c() + ", bad "
                        + cx.badRangesText() + "\n" + cx.timeline());
            }
        }
    }

    private static void run(Policy policy, String part, List<SmallScope.Case> cases, int offset, Tally tally) {
        List<Integer> index = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            index.add(i);
        }
        index.parallelStream().forEach(i -> {
            SmallScope.Case c = cases.get(i);
            Verdict v = Race.explore(policy, c.inode(), c.ops(), Exploration.REDUCED);
            tally.add(part, v);
            if (!v.safe()) {
                tally.unsafe.add(new Result(offset + i, c, v));
            }
        });
    }

    private static List<SmallScope.Case> sample(List<SmallScope.Case> all, int n, Random random) {
        List<SmallScope.Case> copy = new ArrayList<>(all);
        Collections.shuffle(copy, random);
        return copy.subList(0, Math.min(n, copy.size()));
    }

    /**
     * The scope in its order: one block before two before three, pairs before triples; an index per case so that
     * {@link Tally#minimal} breaks ties by it.
     */
    private static Tally sweep(Policy policy, long seed) {
        Tally t = new Tally();
        Random random = new Random(seed);
        int offset = 0;
        for (int n = 1; n <= 3; n++) {
            for (List<SmallScope.Shape> shapes : List.of(List.of(DIRECT, DIRECT), List.of(DIRECT, TRUNCATE),
                    List.of(DIRECT, BUFFERED))) {
                List<SmallScope.Case> cases = SmallScope.all(n, shapes);
                String part = n + " block(s) " + shapes;
                if (n == 3) {
                    cases = sample(cases, SAMPLES_THREE_BLOCKS, random);
                    part += " sampled";
                } else if (n == 2 && shapes.contains(BUFFERED)) {
                    cases = sample(cases, SAMPLES_TWO_BLOCK_BUFFERED, random);
                    part += " sampled";
                }
                run(policy, part, cases, offset, t);
                offset += cases.size();
            }
        }
        for (List<SmallScope.Shape> shapes : List.of(List.of(DIRECT, DIRECT, TRUNCATE), List.of(DIRECT, DIRECT, DIRECT))) {
            int points = shapes.contains(TRUNCATE) ? 2 : 1;
            List<SmallScope.Case> cases = SmallScope.all(1, shapes, points);
            run(policy, "1 block(s) " + shapes + " <=" + points + " point(s)", cases, offset, t);
            offset += cases.size();
        }
        return t;
    }

    @Test
    void ext4BaseHasTheEofTailRaceInOneBlockAndXfsDioOnlyWithThreeOperations() {
        long seed = Long.getLong("locktable.seed", System.nanoTime());
        System.out.println("SmallScopeSweepTest: seed " + seed + " (" + SAMPLES_TWO_BLOCK_BUFFERED + " two-block buffered and "
                + SAMPLES_THREE_BLOCKS + " three-block samples per shape); rerun with -Dlocktable.seed=" + seed);

        Tally ext4 = sweep(PolicyCatalog.builtIn("ext4-base"), seed);
        ext4.print("ext4-base");
        assertEquals(4, ext4.unsafe("1 block(s) [DIRECT, DIRECT]"), "ext4-base: the R4 class in one block");
        assertEquals(20, ext4.unsafe("1 block(s) [DIRECT, BUFFERED]"), "ext4-base: the buffered R4 class in one block");
        assertEquals(0, ext4.unsafe("1 block(s) [DIRECT, TRUNCATE]") + ext4.unsafe("2 block(s) [DIRECT, TRUNCATE]"));
        assertEquals(32, ext4.unsafe("2 block(s) [DIRECT, DIRECT]"));
        assertEquals(42, ext4.unsafe("1 block(s) [DIRECT, DIRECT, TRUNCATE] <=2 point(s)"));
        assertEquals(31, ext4.unsafe("1 block(s) [DIRECT, DIRECT, DIRECT] <=1 point(s)"));
        long ext4Three = newWithThree(PolicyCatalog.builtIn("ext4-base"), ext4);
        Result min = ext4.minimal();
        assertEquals(1, min.c().blocks());
        assertEquals(2, min.c().ops().size());
        assertEquals(13, min.steps(), min.v().counterexample().orElseThrow().timeline());
        assertTrue(min.v().counterexample().orElseThrow().steps().stream().anyMatch(s -> s.contains("zero eof-tail")));

        Tally xfs = sweep(PolicyCatalog.builtIn("xfs-dio"), seed);
        xfs.print("xfs-dio");
        for (Map.Entry<String, long[]> e : xfs.parts.entrySet()) {
            if (!e.getKey().contains("TRUNCATE]") || !e.getKey().contains("DIRECT, DIRECT")) {
                assertEquals(0, e.getValue()[1], "xfs-dio " + e.getKey());
            }
        }
        Result three = xfs.minimal();
        assertEquals(3, three.c().ops().size(), "xfs-dio: no pair is UNSAFE, a truncate triple is");
        assertTrue(three.v().counterexample().orElseThrow().steps().stream().anyMatch(s -> s.contains("i_size_read")),
                three.v().counterexample().orElseThrow().timeline());
        assertEquals(12, xfs.unsafe("1 block(s) [DIRECT, DIRECT, TRUNCATE] <=2 point(s)"));
        assertEquals(12, newWithThree(PolicyCatalog.builtIn("xfs-dio"), xfs), "every xfs-dio triple needs all three");
        System.out.println("SmallScopeSweepTest: ext4-base has " + ext4Three + " such triples");
    }

    /** UNSAFE triples every pair of which is SAFE: the race needs all three operations. */
    private static long newWithThree(Policy policy, Tally t) {
        TreeSet<String> shown = new TreeSet<>();
        long n = t.unsafe.stream().filter(r -> r.c().ops().size() == 3).filter(r -> {
            List<Operation> ops = r.c().ops();
            for (int skip = 0; skip < 3; skip++) {
                List<Operation> pair = new ArrayList<>(ops);
                pair.remove(skip);
                if (!Race.explore(policy, r.c().inode(), pair, Exploration.REDUCED).safe()) {
                    return false;
                }
            }
            shown.add(r.c().toString());
            return true;
        }).count();
        System.out.println("SmallScopeSweepTest: " + policy.id() + ": " + n + " UNSAFE triples whose pairs are all SAFE, e.g. "
                + shown.stream().limit(3).toList());
        return n;
    }

    /** The minimal counterexample is the smallest by (blocks, operations, steps, order), whatever order they finished in. */
    @Test
    void theMinimalCounterexampleIsFewestBlocksThenOperationsThenSteps() {
        Policy p = PolicyCatalog.builtIn("ext4-base");
        Tally t = new Tally();
        List<SmallScope.Case> two = sample(SmallScope.all(2, List.of(DIRECT, DIRECT)), 4000, new Random(7));
        run(p, "2", two, 0, t);
        List<SmallScope.Case> one = SmallScope.all(1, List.of(DIRECT, DIRECT));
        run(p, "1", one, two.size(), t);
        Result m = t.minimal();
        for (Result r : t.unsafe) {
            assertTrue(r == m || !Tally.smaller(r, m), r.c() + " is smaller than " + m.c());
        }
        assertEquals(1, m.c().blocks(), "a one-block counterexample exists, found after the two-block ones");
        assertEquals(13, m.steps());
    }
}

package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyCatalog;

/**
 * Smallest first: every H/U/W layout of one block, three sizes, every ordered pair of 512-byte-granular writes
 * inside it in every kind (aio/sync); then two-block layouts by seeded sampling (the seed is printed). Reports the
 * counts and the first minimal counterexample (fewest blocks, then shortest schedule).
 */
class SmallScopeSweepTest {
    private static final int BS = 4096;
    private static final int SAMPLES = 1500;

    /** The sweep's counts so far, and its first minimal counterexample: fewest blocks, then shortest schedule. */
    static final class Tally {
        int cases;
        int unsafe;
        int unsafeInOneBlock;
        int skipped;
        long schedules;
        long states;
        Verdict first;
        String firstCase;
        final TreeSet<String> unsafeLayouts = new TreeSet<>();

        void add(Policy policy, String layout, long size, List<Operation> pair) throws InvalidInputException {
            Verdict v = run(policy, layout, size, pair);
            if (v == null) {
                skipped++;
                return;
            }
            cases++;
            schedules += v.schedules();
            states += v.states();
            if (v.safe()) {
                return;
            }
            unsafe++;
            boolean oneBlock = !layout.contains(" ");
            unsafeInOneBlock += oneBlock ? 1 : 0;
            unsafeLayouts.add(layout.replace(' ', '_') + "@" + size);
            if (first == null || (oneBlock && shorter(v, first))) {
                first = v;
                firstCase = layout + " size " + size + " " + pair;
            }
        }
    }

    @Test
    void ext4BaseHasTheEofTailRaceInOneBlockAndXfsDioNone() throws InvalidInputException {
        long seed = Long.getLong("locktable.seed", System.nanoTime());
        System.out.println("SmallScopeSweepTest: seed " + seed + " (" + SAMPLES + " two-block samples per policy); rerun "
                + "with -Dlocktable.seed=" + seed);
        for (String id : List.of("ext4-base", "xfs-dio")) {
            long t = System.nanoTime();
            Tally s = sweep(PolicyCatalog.builtIn(id), new Random(seed));
            System.out.printf("SmallScopeSweepTest: %s: %d cases (%d refused), %d UNSAFE (%d in one block), %d schedules, "
                    + "%d states, %d ms; unsafe layouts/sizes %s%n", id, s.cases, s.skipped, s.unsafe, s.unsafeInOneBlock,
                    s.schedules, s.states, (System.nanoTime() - t) / 1_000_000, s.unsafeLayouts);
            if (s.first != null) {
                Counterexample cx = s.first.counterexample().orElseThrow();
                System.out.println("first minimal counterexample: " + s.firstCase + ", bad " + cx.badRangesText()
                        + "\n" + cx.timeline());
            }
            if (id.equals("ext4-base")) {
                assertEquals(20, s.unsafeInOneBlock, "ext4-base: the R4 class in one block, i_size 2048 or 512");
                Counterexample cx = s.first.counterexample().orElseThrow();
                assertTrue(cx.steps().stream().anyMatch(step -> step.contains("zero eof-tail")), cx.timeline());
            } else {
                assertEquals(0, s.unsafe, id + ": first " + s.firstCase);
            }
        }
    }

    private static Tally sweep(Policy policy, Random random) throws InvalidInputException {
        Tally tally = new Tally();
        List<String> states = List.of("H", "U", "W");
        for (String l : states) {
            for (long size : new long[] {BS, BS / 2, 512}) {
                for (List<Operation> pair : everyPair(BS)) {
                    tally.add(policy, l, size, pair);
                }
            }
        }
        for (int n = 0; n < SAMPLES; n++) {
            String l = states.get(random.nextInt(3)) + " " + states.get(random.nextInt(3));
            long size = new long[] {2 * BS, BS + BS / 2, BS, BS / 2}[random.nextInt(4)];
            tally.add(policy, l, size, List.of(randomOp(random, 2 * BS), randomOp(random, 2 * BS)));
        }
        return tally;
    }

    private static boolean shorter(Verdict a, Verdict b) {
        return a.counterexample().orElseThrow().steps().size() < b.counterexample().orElseThrow().steps().size();
    }

    private static Verdict run(Policy policy, String layout, long size, List<Operation> pair) throws InvalidInputException {
        Inode inode = Inode.builder(Layout.parse(layout)).size(size).build();
        try {
            return Race.explore(policy, inode, pair);
        } catch (UnsupportedOperationException refused) {
            return null;
        }
    }

    /** Every ordered pair of writes inside {@code [0, bytes)} at 512-byte granularity, each aio or sync. */
    private static List<List<Operation>> everyPair(int bytes) {
        List<Operation> ops = new ArrayList<>();
        for (long off = 0; off < bytes; off += 512) {
            for (long end = off + 512; end <= bytes; end += 512) {
                ops.add(Operation.aio(off, end - off));
                ops.add(Operation.dio(off, end - off));
            }
        }
        List<List<Operation>> pairs = new ArrayList<>();
        for (Operation a : ops) {
            for (Operation b : ops) {
                pairs.add(List.of(a, b));
            }
        }
        return pairs;
    }

    private static Operation randomOp(Random random, int bytes) {
        int sectors = bytes / 512;
        int off = random.nextInt(sectors);
        int len = 1 + random.nextInt(sectors - off);
        return random.nextBoolean() ? Operation.aio(off * 512L, len * 512L) : Operation.dio(off * 512L, len * 512L);
    }
}

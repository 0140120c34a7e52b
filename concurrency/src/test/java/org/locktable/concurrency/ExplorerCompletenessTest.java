package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;

/**
 * Nothing is missed: a naive depth-first walk of every path, with no merging of states, finds the same number of
 * schedules and the same set of final files as the breadth-first search with its visited set.
 */
class ExplorerCompletenessTest {
    private static final long NAIVE_LIMIT = 100_000;

    @Test
    void mergingStatesLosesNoScheduleAndNoResult() {
        int compared = 0;
        for (RaceCases c : RaceCases.values()) {
            for (String policy : RaceCases.directPolicies()) {
                compared += compare(c + " " + policy, policy, c.inode(), c.ops) ? 1 : 0;
            }
        }
        assertEquals(true, compared >= 40, "compared " + compared + " cases");
    }

    /** The buffered R4 variant and its control (BufferedWritesTest), and two buffered writes of one page. */
    @Test
    void mergingStatesLosesNoBufferedSchedule() throws Exception {
        List<List<Operation>> races = List.of(
                List.of(Operation.aio(5120, 1024), Operation.buffered(6144, 1024, true)),
                List.of(Operation.buffered(4096, 1024, true), Operation.buffered(4608, 2048, false)),
                List.of(Operation.buffered(6144, 1024, false), Operation.dio(4096, 4096)));
        assertEquals(12, compareOnTwoWrittenBlocks(races));
    }

    /** Truncate (shrink, grow, to the same size), punch and fallocate racing direct and buffered writes, and a triple. */
    @Test
    void mergingStatesLosesNoScheduleOfTruncatePunchOrFallocate() throws Exception {
        List<List<Operation>> races = List.of(
                List.of(Operation.aio(5120, 2048), Operation.truncate(6144)),
                List.of(Operation.aio(4096, 1024), Operation.truncate(8192)),
                List.of(Operation.aio(5120, 1024), Operation.truncate(6144)),
                List.of(Operation.buffered(6144, 1024, true), Operation.truncate(4096)),
                List.of(Operation.aio(4608, 1024), Operation.punch(4096, 2048)),
                List.of(Operation.aio(4096, 4096), Operation.fallocate(4096, 4096)),
                List.of(Operation.aio(5120, 1024), Operation.truncate(6144), Operation.buffered(0, 512, false)));
        assertEquals(28, compareOnTwoWrittenBlocks(races));
    }

    /** Every race on {@code W W} at i_size 6144 and 8192 under ext4-base and xfs-dio; how many were compared. */
    private static int compareOnTwoWrittenBlocks(List<List<Operation>> races) throws Exception {
        int compared = 0;
        for (long size : List.of(6144L, 8192L)) {
            Inode inode = Inode.builder(org.locktable.engine.model.Layout.parse("W W")).size(size).build();
            for (List<Operation> ops : races) {
                for (String policy : List.of("ext4-base", "xfs-dio")) {
                    compared += compare(ops + " @" + size + " " + policy, policy, inode, ops) ? 1 : 0;
                }
            }
        }
        return compared;
    }

    /**
     * The reduced search against the full one on a seeded sample of the small scope (pairs on two blocks of every
     * shape, triples on one, every direct pair on one block and buffered pairs on one): the same verdict, the same sets of bad and collision ranges, the same shortest lengths.
     */
    @Test
    void theReducedSearchAgreesWithTheFullOneAcrossTheScope() {
        java.util.Random random = new java.util.Random(Long.getLong("locktable.seed", 11L));
        List<SmallScope.Case> cases = new ArrayList<>();
        for (List<SmallScope.Shape> shapes : List.of(List.of(SmallScope.Shape.DIRECT, SmallScope.Shape.DIRECT),
                List.of(SmallScope.Shape.DIRECT, SmallScope.Shape.TRUNCATE), List.of(SmallScope.Shape.DIRECT, SmallScope.Shape.BUFFERED))) {
            List<SmallScope.Case> all = new ArrayList<>(SmallScope.all(2, shapes));
            java.util.Collections.shuffle(all, random);
            cases.addAll(all.subList(0, 150));
        }
        List<SmallScope.Case> triples = new ArrayList<>(SmallScope.all(1, List.of(SmallScope.Shape.DIRECT,
                SmallScope.Shape.DIRECT, SmallScope.Shape.TRUNCATE), 2));
        java.util.Collections.shuffle(triples, random);
        cases.addAll(triples.subList(0, 60));
        cases.addAll(SmallScope.all(1, List.of(SmallScope.Shape.DIRECT, SmallScope.Shape.DIRECT)));
        List<SmallScope.Case> buffered = new ArrayList<>(SmallScope.all(1, List.of(SmallScope.Shape.DIRECT, SmallScope.Shape.BUFFERED)));
        java.util.Collections.shuffle(buffered, random);
        cases.addAll(buffered.subList(0, 600));
        int unsafe = 0;
        long full = 0;
        long reduced = 0;
        for (SmallScope.Case c : cases) {
            for (String policy : List.of("ext4-base", "xfs-dio")) {
                Verdict f = Race.explore(PolicyCatalog.builtIn(policy), c.inode(), c.ops(), Exploration.FULL);
                Verdict r = Race.explore(PolicyCatalog.builtIn(policy), c.inode(), c.ops(), Exploration.REDUCED);
                String what = policy + " " + c;
                assertEquals(f.safe(), r.safe(), what);
                assertEquals(f.collided(), r.collided(), what);
                assertEquals(f.badRangeSets().stream().sorted().toList(), r.badRangeSets().stream().sorted().toList(), what);
                assertEquals(f.collisionRangeSets().stream().sorted().toList(), r.collisionRangeSets().stream().sorted().toList(), what);
                assertEquals(f.counterexample().map(x -> x.steps().size()), r.counterexample().map(x -> x.steps().size()), what);
                assertEquals(f.collision().map(x -> x.steps().size()), r.collision().map(x -> x.steps().size()), what);
                unsafe += f.safe() ? 0 : 1;
                full += f.states();
                reduced += r.states();
            }
        }
        System.out.println("ExplorerCompletenessTest: " + cases.size() * 2 + " scope cases, " + unsafe + " UNSAFE, " + full
                + " states full, " + reduced + " reduced");
        assertEquals(true, unsafe > 0 && reduced < full, unsafe + " UNSAFE, " + reduced + " < " + full);
    }

    /**
     * The naive walk against the merged search, every interleaving ({@link Exploration#FULL}): the same number of
     * schedules, the same final files (stale-copy marks included), and the same shortest unsafe and collision
     * schedule lengths; and against the reduced search ({@link Exploration#REDUCED}): the same final files and the
     * same shortest lengths.
     */
    private static boolean compare(String what, String policy, Inode inode, List<Operation> ops) {
        KernelSteps kernel = new KernelSteps(PolicyCatalog.builtIn(policy), inode, ops);
        List<OpState> start = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            start.add(kernel.start(i));
        }
        World initial = new World(FileState.initial(inode, inode.layout().blocks()), List.copyOf(start));
        SerialOracle oracle = new SerialOracle(initial.file(), ops);
        Explorer.Result r = new Explorer(kernel, oracle).explore(initial);
        if (r.schedules() > NAIVE_LIMIT) {
            return false;
        }
        Set<String> naiveEnds = new TreeSet<>();
        int[] shortest = {Integer.MAX_VALUE, Integer.MAX_VALUE};
        long naive = walk(kernel, oracle, initial, 0, naiveEnds, shortest);
        assertEquals(r.schedules(), naive, what);
        assertEquals(naiveEnds, ends(kernel, initial, false), what);
        assertEquals(length(shortest[0]), r.unsafeEnd() == null ? -1 : r.shortestUnsafe().size(), what + ": shortest unsafe");
        assertEquals(length(shortest[1]), r.collisionEnd() == null ? -1 : r.shortestCollision().size(), what + ": shortest collision");
        Explorer.Result reduced = new Explorer(kernel, oracle, Exploration.REDUCED, ExplorationBudget.standard()).explore(initial);
        assertEquals(naiveEnds, ends(kernel, initial, true), what + " (reduced)");
        assertEquals(r.badRangeSets().stream().sorted().toList(), reduced.badRangeSets().stream().sorted().toList(), what);
        assertEquals(r.collisionRangeSets().stream().sorted().toList(), reduced.collisionRangeSets().stream().sorted().toList(), what);
        assertEquals(r.shortestUnsafe().size(), reduced.shortestUnsafe().size(), what + ": reduced shortest unsafe");
        assertEquals(r.shortestCollision().size(), reduced.shortestCollision().size(), what + ": reduced shortest collision");
        assertEquals(true, reduced.states() <= r.states(), what);
        return true;
    }

    private static int length(int n) {
        return n == Integer.MAX_VALUE ? -1 : n;
    }

    private static String end(World w) {
        FileState f = w.file().writtenBack();
        StringBuilder marks = new StringBuilder();
        for (int s = 0; (long) s * Sector.SIZE < f.size(); s++) {
            marks.append(f.readsStaleCopy(s) ? '*' : '.');
        }
        return Timeline.contents(f) + "/" + marks + "/" + f.size();
    }

    private static long walk(KernelSteps kernel, SerialOracle oracle, World w, int depth, Set<String> ends, int[] shortest) {
        List<Step> steps = kernel.enabled(w);
        if (steps.isEmpty()) {
            ends.add(end(w));
            {
                SerialOracle.Judgement j = oracle.judge(w.file());
                if (!j.bad().isEmpty()) {
                    shortest[0] = Math.min(shortest[0], depth);
                }
                if (!j.collision().isEmpty()) {
                    shortest[1] = Math.min(shortest[1], depth);
                }
            }
            return 1;
        }
        long n = 0;
        for (Step s : steps) {
            n += walk(kernel, oracle, s.next(), depth + 1, ends, shortest);
        }
        return n;
    }

    /** Final files reachable in the merged graph, by a second walk over distinct states only (reduced: persistent sets). */
    private static Set<String> ends(KernelSteps kernel, World initial, boolean reduced) {
        Set<World> seen = new java.util.HashSet<>();
        Set<String> ends = new TreeSet<>();
        List<World> stack = new ArrayList<>(List.of(initial));
        while (!stack.isEmpty()) {
            World w = stack.remove(stack.size() - 1);
            if (!seen.add(w)) {
                continue;
            }
            List<Step> steps = reduced ? kernel.reduced(w) : kernel.enabled(w);
            if (steps.isEmpty()) {
                ends.add(end(w));
            }
            for (Step s : steps) {
                stack.add(s.next());
            }
        }
        return ends;
    }
}

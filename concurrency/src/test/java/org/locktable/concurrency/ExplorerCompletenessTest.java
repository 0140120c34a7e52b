package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.PolicyCatalog;

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
        int compared = 0;
        for (long size : List.of(6144L, 8192L)) {
            Inode inode = Inode.builder(org.locktable.engine.model.Layout.parse("W W")).size(size).build();
            for (List<Operation> ops : races) {
                for (String policy : List.of("ext4-base", "xfs-dio")) {
                    compared += compare(ops + " @" + size + " " + policy, policy, inode, ops) ? 1 : 0;
                }
            }
        }
        assertEquals(12, compared);
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
        int compared = 0;
        for (long size : List.of(6144L, 8192L)) {
            Inode inode = Inode.builder(org.locktable.engine.model.Layout.parse("W W")).size(size).build();
            for (List<Operation> ops : races) {
                for (String policy : List.of("ext4-base", "xfs-dio")) {
                    compared += compare(ops + " @" + size + " " + policy, policy, inode, ops) ? 1 : 0;
                }
            }
        }
        assertEquals(28, compared);
    }

    private static boolean compare(String what, String policy, Inode inode, List<Operation> ops) {
        KernelSteps kernel = new KernelSteps(PolicyCatalog.builtIn(policy), inode, ops);
        List<OpState> start = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            start.add(kernel.start(i));
        }
        World initial = new World(FileState.initial(inode, inode.layout().blocks()), List.copyOf(start));
        Explorer.Result r = new Explorer(kernel, new SerialOracle(initial.file(), ops)).explore(initial);
        if (r.schedules() > NAIVE_LIMIT) {
            return false;
        }
        Set<String> naiveEnds = new TreeSet<>();
        long naive = walk(kernel, initial, naiveEnds);
        assertEquals(r.schedules(), naive, what);
        assertEquals(naiveEnds, ends(kernel, initial), what);
        return true;
    }

    private static String end(World w) {
        return Timeline.contents(w.file().writtenBack()) + "/" + w.file().size();
    }

    private static long walk(KernelSteps kernel, World w, Set<String> ends) {
        List<Step> steps = kernel.enabled(w);
        if (steps.isEmpty()) {
            ends.add(end(w));
            return 1;
        }
        long n = 0;
        for (Step s : steps) {
            n += walk(kernel, s.next(), ends);
        }
        return n;
    }

    /** Final files reachable in the merged graph, by a second walk over distinct states only. */
    private static Set<String> ends(KernelSteps kernel, World initial) {
        Set<World> seen = new java.util.HashSet<>();
        Set<String> ends = new TreeSet<>();
        List<World> stack = new ArrayList<>(List.of(initial));
        while (!stack.isEmpty()) {
            World w = stack.remove(stack.size() - 1);
            if (!seen.add(w)) {
                continue;
            }
            List<Step> steps = kernel.enabled(w);
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

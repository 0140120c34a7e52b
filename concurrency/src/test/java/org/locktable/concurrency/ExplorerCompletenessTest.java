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
                Inode inode = c.inode();
                KernelSteps kernel = new KernelSteps(PolicyCatalog.builtIn(policy), inode, c.ops);
                World initial = new World(FileState.initial(inode, inode.layout().blocks()),
                        List.of(kernel.start(0), kernel.start(1)));
                Explorer.Result r = new Explorer(kernel, new SerialOracle(initial.file(), c.ops)).explore(initial);
                if (r.schedules() > NAIVE_LIMIT) {
                    continue;
                }
                Set<String> naiveEnds = new TreeSet<>();
                long naive = walk(kernel, initial, naiveEnds);
                assertEquals(r.schedules(), naive, c + " " + policy);
                assertEquals(naiveEnds, ends(kernel, initial), c + " " + policy);
                compared++;
            }
        }
        assertEquals(true, compared >= 40, "compared " + compared + " cases");
    }

    private static long walk(KernelSteps kernel, World w, Set<String> ends) {
        List<Step> steps = kernel.enabled(w);
        if (steps.isEmpty()) {
            ends.add(Timeline.contents(w.file()) + "/" + w.file().size());
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
        Set<String> seen = new java.util.HashSet<>();
        Set<String> ends = new TreeSet<>();
        List<World> stack = new ArrayList<>(List.of(initial));
        while (!stack.isEmpty()) {
            World w = stack.remove(stack.size() - 1);
            if (!seen.add(w.key())) {
                continue;
            }
            List<Step> steps = kernel.enabled(w);
            if (steps.isEmpty()) {
                ends.add(Timeline.contents(w.file()) + "/" + w.file().size());
            }
            for (Step s : steps) {
                stack.add(s.next());
            }
        }
        return ends;
    }
}

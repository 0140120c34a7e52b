package org.locktable.concurrency;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Breadth-first search over every interleaving of the operations' steps, merging equal states. Breadth-first order
 * reaches every state first by a shortest schedule, so the first unsafe final state found has a shortest schedule. The
 * graph is a DAG (every step moves one operation forward: its phase, a bio, or its restart count) but not layered — a
 * lock taken at once and one taken after queueing reach the same state in different numbers of steps — so schedules
 * are counted afterwards in topological order (Kahn) over the recorded edges.
 */
final class Explorer {
    private final KernelSteps kernel;
    private final SerialOracle oracle;
    private final boolean reduce;
    private final ExplorationBudget budget;

    Explorer(KernelSteps kernel, SerialOracle oracle) {
        this(kernel, oracle, Exploration.FULL, ExplorationBudget.standard());
    }

    Explorer(KernelSteps kernel, SerialOracle oracle, Exploration exploration, ExplorationBudget budget) {
        this.kernel = kernel;
        this.oracle = oracle;
        this.reduce = exploration == Exploration.REDUCED;
        this.budget = budget;
    }

    /**
     * {@code badRangeSets}: every distinct set of lock-decision bad ranges a final state has, in BFS order;
     * {@code collisionRangeSets} the same for direct/buffered collisions (SerialOracle). {@code schedules} saturates at
     * {@link Verdict#SCHEDULES_SATURATED}: three long writes over many blocks have more.
     */
    record Result(long schedules, int states, List<Step> shortestUnsafe, World unsafeEnd, List<String> badRangeSets,
            List<Step> shortestCollision, World collisionEnd, List<String> collisionRangeSets) {
    }

    Result explore(World initial) {
        long started = System.nanoTime();
        int nextCheck = ExplorationBudget.PROGRESS_EVERY;
        List<World> worlds = new ArrayList<>(256);
        List<Step> via = new ArrayList<>(256);
        int[] parent = new int[64];
        int[][] successors = new int[64][];
        Map<World, Integer> index = new HashMap<>(512);
        worlds.add(initial);
        via.add(null);
        parent[0] = -1;
        index.put(initial, 0);
        int unsafeAt = -1;
        int collisionAt = -1;
        List<String> badRangeSets = new ArrayList<>();
        List<String> collisionRangeSets = new ArrayList<>();
        List<Integer> finals = new ArrayList<>();
        for (int at = 0; at < worlds.size(); at++) {
            if (worlds.size() >= nextCheck || at >= nextCheck) {
                nextCheck += ExplorationBudget.PROGRESS_EVERY;
                checkBudget(worlds.size(), at, started);
            }
            World w = worlds.get(at);
            List<Step> steps = reduce ? kernel.reduced(w) : kernel.enabled(w);
            if (steps.isEmpty()) {
                if (!w.done()) {
                    throw new IllegalStateException("deadlock: no operation can take a step in " + w);
                }
                finals.add(at);
                SerialOracle.Judgement j = oracle.judge(w);
                if (!j.bad().isEmpty()) {
                    unsafeAt = unsafeAt < 0 ? at : unsafeAt;
                    addOnce(badRangeSets, Counterexample.rangesText(j.bad()));
                }
                if (!j.collision().isEmpty()) {
                    collisionAt = collisionAt < 0 ? at : collisionAt;
                    addOnce(collisionRangeSets, Counterexample.rangesText(j.collision()));
                }
                continue;
            }
            int[] next = new int[steps.size()];
            for (int k = 0; k < steps.size(); k++) {
                Step s = steps.get(k);
                Integer seen = index.get(s.next());
                if (seen == null) {
                    if (worlds.size() == budget.maxStates()) {
                        throw ExplorationTooLarge.budget(String.format(java.util.Locale.ROOT, "budget of %,d states",
                                budget.maxStates()), worlds.size(), at, Duration.ofNanos(System.nanoTime() - started));
                    }
                    seen = worlds.size();
                    worlds.add(s.next());
                    via.add(s);
                    if (seen == parent.length) {
                        parent = Arrays.copyOf(parent, seen * 2);
                        successors = Arrays.copyOf(successors, seen * 2);
                    }
                    parent[seen] = at;
                    index.put(s.next(), seen);
                }
                next[k] = seen;
            }
            successors[at] = next;
        }
        long schedules = 0;
        long[] paths = countPaths(successors, worlds.size());
        for (int f : finals) {
            schedules = Verdict.sumSchedules(schedules, paths[f]);
        }
        return new Result(schedules, worlds.size(), path(via, parent, unsafeAt), unsafeAt < 0 ? null : worlds.get(unsafeAt),
                List.copyOf(badRangeSets), path(via, parent, collisionAt), collisionAt < 0 ? null : worlds.get(collisionAt),
                List.copyOf(collisionRangeSets));
    }

    /** The number of schedules reaching each state: Kahn's topological order; a cycle would leave states unprocessed. */
    private static long[] countPaths(int[][] successors, int n) {
        int[] indegree = new int[n];
        for (int i = 0; i < n; i++) {
            if (successors[i] != null) {
                for (int s : successors[i]) {
                    indegree[s]++;
                }
            }
        }
        long[] paths = new long[n];
        paths[0] = 1;
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        queue[tail++] = 0;
        while (head < tail) {
            int at = queue[head++];
            if (successors[at] == null) {
                continue;
            }
            for (int s : successors[at]) {
                paths[s] = Verdict.sumSchedules(paths[s], paths[at]);
                if (--indegree[s] == 0) {
                    queue[tail++] = s;
                }
            }
        }
        if (tail != n) {
            throw new IllegalStateException("the step graph has a cycle: " + (n - tail) + " states never became ready");
        }
        return paths;
    }

    private void checkBudget(int states, int expanded, long started) {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        budget.progress().explored(states, expanded, elapsed);
        if (!budget.maxTime().isZero() && elapsed.compareTo(budget.maxTime()) > 0) {
            throw ExplorationTooLarge.budget("time budget of " + budget.maxTime().toSeconds() + " s", states, expanded,
                    elapsed);
        }
    }

    private static void addOnce(List<String> sets, String text) {
        if (!sets.contains(text)) {
            sets.add(text);
        }
    }

    private static List<Step> path(List<Step> via, int[] parent, int end) {
        List<Step> schedule = new ArrayList<>();
        for (int n = end; n > 0; n = parent[n]) {
            schedule.add(0, via.get(n));
        }
        return schedule;
    }
}

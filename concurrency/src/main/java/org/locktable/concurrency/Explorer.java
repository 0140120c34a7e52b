package org.locktable.concurrency;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Breadth-first search over every interleaving of the operations' steps, merging equal states. Every step finishes one
 * more unit of one operation's work, so the state graph is a DAG in layers and breadth-first order is topological: the
 * number of schedules reaching a state is the sum over its predecessors, and the first unsafe final state found has a
 * shortest schedule.
 */
final class Explorer {
    private final KernelSteps kernel;
    private final SerialOracle oracle;

    Explorer(KernelSteps kernel, SerialOracle oracle) {
        this.kernel = kernel;
        this.oracle = oracle;
    }

    record Node(World world, int parent, Step via, long paths) {
    }

    /**
     * {@code badRangeSets}: every distinct set of lock-decision bad ranges a final state has, in BFS order;
     * {@code collisionRangeSets} the same for direct/buffered collisions (SerialOracle).
     */
    record Result(long schedules, int states, List<Step> shortestUnsafe, World unsafeEnd, List<String> badRangeSets,
            List<Step> shortestCollision, World collisionEnd, List<String> collisionRangeSets) {
    }

    Result explore(World initial) {
        List<Node> nodes = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        long[] paths = new long[16];
        nodes.add(new Node(initial, -1, null, 0));
        index.put(initial.key(), 0);
        paths[0] = 1;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(0);
        long schedules = 0;
        int unsafeAt = -1;
        int collisionAt = -1;
        List<String> badRangeSets = new ArrayList<>();
        List<String> collisionRangeSets = new ArrayList<>();
        while (!queue.isEmpty()) {
            int at = queue.poll();
            World w = nodes.get(at).world();
            List<Step> steps = kernel.enabled(w);
            if (steps.isEmpty()) {
                if (!w.done()) {
                    throw new IllegalStateException("deadlock: no operation can take a step in " + w);
                }
                schedules = Math.addExact(schedules, paths[at]);
                SerialOracle.Judgement j = oracle.judge(w.file());
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
            for (Step s : steps) {
                String key = s.next().key();
                Integer seen = index.get(key);
                if (seen == null) {
                    seen = nodes.size();
                    nodes.add(new Node(s.next(), at, s, 0));
                    index.put(key, seen);
                    if (seen == paths.length) {
                        paths = java.util.Arrays.copyOf(paths, seen * 2);
                    }
                    queue.add(seen);
                }
                paths[seen] = Math.addExact(paths[seen], paths[at]);
            }
        }
        return new Result(schedules, nodes.size(), path(nodes, unsafeAt), unsafeAt < 0 ? null : nodes.get(unsafeAt).world(),
                List.copyOf(badRangeSets), path(nodes, collisionAt), collisionAt < 0 ? null : nodes.get(collisionAt).world(),
                List.copyOf(collisionRangeSets));
    }

    private static void addOnce(List<String> sets, String text) {
        if (!sets.contains(text)) {
            sets.add(text);
        }
    }

    private static List<Step> path(List<Node> nodes, int end) {
        List<Step> schedule = new ArrayList<>();
        for (int n = end; n > 0; n = nodes.get(n).parent()) {
            schedule.add(0, nodes.get(n).via());
        }
        return schedule;
    }
}

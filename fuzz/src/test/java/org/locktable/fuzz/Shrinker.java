package org.locktable.fuzz;

import java.util.function.Predicate;

/**
 * Greedy delta debugging on characters: removes ever smaller chunks while the input still fails, so that a
 * failure is reported with a small input rather than the random one that found it.
 */
final class Shrinker {
    /** Enough to shrink a few-kilobyte input to a handful of characters; each step is one run of the target. */
    private static final int MAX_STEPS = 4000;

    private Shrinker() {
    }

    static String shrink(String input, Predicate<String> fails) {
        String current = input;
        int steps = 0;
        for (int chunk = Math.max(1, current.length() / 2); chunk >= 1 && steps < MAX_STEPS; chunk /= 2) {
            boolean removed = true;
            while (removed && steps < MAX_STEPS) {
                removed = false;
                for (int at = 0; at + chunk <= current.length() && steps < MAX_STEPS; ) {
                    String candidate = current.substring(0, at) + current.substring(at + chunk);
                    steps++;
                    if (fails.test(candidate)) {
                        current = candidate;
                        removed = true;
                    } else {
                        at += chunk;
                    }
                }
            }
        }
        return current;
    }
}

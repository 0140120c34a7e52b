package org.locktable.concurrency;

import java.time.Duration;
import java.util.Locale;

/**
 * The walk reached its {@link ExplorationBudget} (or the heap's end) before every schedule was explored: no verdict.
 * The message says how far it got and how to make the case smaller.
 */
public final class ExplorationTooLarge extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final String SHRINK = "shrink the case (fewer blocks in the layout, shorter or fewer operations: the "
            + "states grow about fourfold with every two blocks a three-write case spans) or raise the budget "
            + "(--max-states, with a larger -Xmx; --max-seconds)";

    private final int states;
    private final Duration elapsed;

    private ExplorationTooLarge(String message, int states, Duration elapsed) {
        super(message);
        this.states = states;
        this.elapsed = elapsed;
    }

    /** The walk passed {@code limit} with {@code states} found, {@code expanded} of them expanded. */
    static ExplorationTooLarge budget(String limit, int states, int expanded, Duration elapsed) {
        return new ExplorationTooLarge(String.format(Locale.ROOT, "no verdict: the exploration reached its %s after "
                + "%,d distinct states (%,d of them expanded) in %.1f s, before every schedule was explored; %s", limit,
                states, expanded, seconds(elapsed), SHRINK), states, elapsed);
    }

    /** The heap ran out before the state budget was reached: the budget was larger than the heap holds. */
    static ExplorationTooLarge outOfMemory(Duration elapsed) {
        return new ExplorationTooLarge(String.format(Locale.ROOT, "no verdict: the exploration ran out of the Java "
                + "heap (%,d MiB) after %.1f s, before every schedule was explored; %s",
                Runtime.getRuntime().maxMemory() >> 20, seconds(elapsed), SHRINK), -1, elapsed);
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    /** Distinct states found when the walk stopped; -1 when the heap ran out. */
    public int states() {
        return states;
    }

    /** Wall time until the walk stopped. */
    public Duration elapsed() {
        return elapsed;
    }
}

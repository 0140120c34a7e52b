package org.locktable.concurrency;

import java.time.Duration;
import java.util.Objects;

/**
 * How far {@link Race#explore} may go before it refuses: distinct states (each held in memory until the walk ends, so
 * this is the memory bound), wall time, and whom to tell how far it got. A walk past either limit ends with
 * {@link ExplorationTooLarge}, saying what was explored and how to shrink the case, never with the heap exhausted.
 *
 * @param maxStates distinct states the walk may hold
 * @param maxTime wall time the walk may take; {@link Duration#ZERO} for no limit
 * @param progress told every {@link #PROGRESS_EVERY} states
 */
public record ExplorationBudget(int maxStates, Duration maxTime, Progress progress) {
    /** States between two {@link Progress} reports and two clock reads. */
    public static final int PROGRESS_EVERY = 1 << 16;

    /**
     * Heap a state takes while the walk holds it (the world with its file and operation states, its index entry, its
     * edges), with room for a larger file's states: the 12-block three-write case below (411,081 states) completes in
     * a 200 MB heap and runs out of a 170 MB one, about 450 bytes a state; a 16-block file's states are larger.
     * {@code race --policy ext4-base --layout "U W U W U W U W U W U W" --size 49152 --op "aio-dio 512+44032"
     * --op "aio-dio 1024+44032" --op "aio-dio 2048+44032" --max-states 100000000} under {@code java -Xmx200m}.
     */
    static final long BYTES_PER_STATE = 800;

    /** A walk's progress, for a terminal. */
    @FunctionalInterface
    public interface Progress {
        /** {@code states} found so far, of which {@code expanded} have had their successors taken. */
        void explored(int states, int expanded, Duration elapsed);

        /** Tells nobody. */
        Progress SILENT = (states, expanded, elapsed) -> {
        };
    }

    public ExplorationBudget {
        if (maxStates < 1) {
            throw new IllegalArgumentException("the state budget must be positive, got " + maxStates);
        }
        Objects.requireNonNull(maxTime, "maxTime");
        Objects.requireNonNull(progress, "progress");
    }

    /** As many states as this JVM's maximum heap holds, no time limit, silent. */
    public static ExplorationBudget standard() {
        return new ExplorationBudget(heapStates(), Duration.ZERO, Progress.SILENT);
    }

    /** The states this JVM's maximum heap can hold, keeping a quarter of it for everything else. */
    public static int heapStates() {
        long states = Runtime.getRuntime().maxMemory() / 4 * 3 / BYTES_PER_STATE;
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE - 8, states));
    }

    /** This budget with another state limit. */
    public ExplorationBudget withMaxStates(int states) {
        return new ExplorationBudget(states, maxTime, progress);
    }

    /** This budget with a wall-time limit ({@link Duration#ZERO}: none). */
    public ExplorationBudget withMaxTime(Duration time) {
        return new ExplorationBudget(maxStates, time, progress);
    }

    /** This budget reporting to {@code to}. */
    public ExplorationBudget withProgress(Progress to) {
        return new ExplorationBudget(maxStates, maxTime, to);
    }
}

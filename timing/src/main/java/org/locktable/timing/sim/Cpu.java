package org.locktable.timing.sim;

/**
 * The host CPU: {@code cores} identical cores serving bursts FIFO; 0 cores means unlimited (bursts are pure
 * delays). Bursts arrive in time order, so each burst's end is known when it arrives: it takes the core that
 * frees first, or, when cores are free, the one that freed last (a running thread stays where it runs).
 *
 * <p>A burst that begins with a wake-up ({@link #wake}) and finds that core idle for longer than the poll window
 * first waits for the core to leave its idle state ({@code cost.idleExitNs}): wall time, not CPU time. A core that
 * is still busy, or idle only for a moment, runs the woken thread without one. With unlimited cores there is no
 * core to be idle and no exit.
 */
final class Cpu {
    private final long[] free;
    private final long exitNs;
    private final long pollNs;
    private long busyNs;
    private long exits;

    Cpu(int cores) {
        this(cores, 0, 0);
    }

    Cpu(int cores, long exitNs, long pollNs) {
        this.free = new long[Math.max(cores, 0)];
        this.exitNs = exitNs;
        this.pollNs = pollNs;
    }

    /** Runs a burst of {@code ns} arriving at {@code now}, its thread already running; returns when it ends. */
    long run(long now, long ns) {
        return burst(now, ns, false);
    }

    /** Runs a burst of {@code ns} arriving at {@code now}, its thread just woken from a sleep; returns when it ends. */
    long wake(long now, long ns) {
        return burst(now, ns, exitNs > 0);
    }

    private long burst(long now, long ns, boolean woken) {
        // a woken thread prefers an idle core (select_idle_sibling, kernel/sched/fair.c): the one idle longest
        busyNs += ns;
        if (free.length == 0) {
            return now + ns;
        }
        int best = woken ? longestIdle() : core(now);
        long bestT = free[best];
        long start = Math.max(now, bestT);
        if (woken && now - bestT > pollNs) {
            start += exitNs; // cpuidle: the halted core comes back before the thread runs
            exits++;
        }
        long end = start + ns;
        free[best] = end;
        return end;
    }

    /** The core that frees first: the one idle longest when any is idle (where a woken thread may land). */
    private int longestIdle() {
        int best = 0;
        for (int i = 1; i < free.length; i++) {
            if (free[i] < free[best]) {
                best = i;
            }
        }
        return best;
    }

    /**
     * The core a running thread goes on: of the cores free at {@code now}, the one that freed last (its own, or
     * as good as its own); when none is free, the one that frees first.
     */
    private int core(long now) {
        int best = -1;
        for (int i = 0; i < free.length; i++) {
            if (free[i] <= now && (best < 0 || free[i] > free[best])) {
                best = i;
            }
        }
        return best >= 0 ? best : longestIdle();
    }

    /**
     * Whether a core is idle at {@code now} (always, with unlimited cores): what the model takes for
     * {@code need_resched()} being false, so that a writer may spin on the inode lock. A spinner's own CPU time
     * is not charged.
     */
    boolean idleCore(long now) {
        for (long t : free) {
            if (t <= now) {
                return true;
            }
        }
        return free.length == 0;
    }

    long busyNs() {
        return busyNs;
    }

    /** Whether a wake-up can pay an idle exit: an exit to pay, and cores to be idle. */
    boolean idleExits() {
        return exitNs > 0 && free.length > 0;
    }

    /** Wake-ups that paid an idle exit. */
    long exits() {
        return exits;
    }
}

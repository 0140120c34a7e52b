package org.locktable.timing.sim;

/**
 * The host CPU: {@code cores} identical cores serving bursts FIFO; 0 cores means unlimited (bursts are pure
 * delays). Bursts arrive in time order, so each burst's end is known when it arrives: it takes the core that
 * frees first.
 */
final class Cpu {
    private final long[] free;
    private long busyNs;

    Cpu(int cores) {
        this.free = new long[Math.max(cores, 0)];
    }

    /** Runs a burst of {@code ns} arriving at {@code now}; returns when it ends. */
    long run(long now, long ns) {
        busyNs += ns;
        if (free.length == 0) {
            return now + ns;
        }
        int best = 0;
        long bestT = free[0];
        for (int i = 1; i < free.length; i++) {
            if (free[i] < bestT) {
                bestT = free[i];
                best = i;
            }
        }
        long end = Math.max(now, bestT) + ns;
        free[best] = end;
        return end;
    }

    long busyNs() {
        return busyNs;
    }
}

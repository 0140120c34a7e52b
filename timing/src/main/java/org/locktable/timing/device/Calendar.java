package org.locktable.timing.device;

/**
 * A non-preemptive single server scheduled by reservation: a job ready at {@code t} takes the earliest gap of
 * its length at or after {@code t} between the reservations already made. With ready times in call order this
 * is exactly FCFS (every reservation goes at the end); when a stage upstream reorders requests (parallel
 * units, per-queue admission) a request that becomes ready earlier is not held behind one that is merely
 * booked later, which a "busy until" clock would do.
 */
final class Calendar {
    private long[] starts = new long[64];
    private long[] ends = new long[64];
    private int head;
    private int size;

    /** Forgets reservations that end at or before {@code now} (no later request can be ready before now). */
    void prune(long now) {
        while (size > 0 && ends[head] <= now) {
            head++;
            size--;
        }
        if (size == 0) {
            head = 0;
        }
    }

    /** Reserves {@code duration} ns at the earliest fit at or after {@code ready}; returns the end time. */
    long reserve(long ready, long duration) {
        if (duration <= 0) {
            return ready;
        }
        int end = head + size;
        // fast path: after the last reservation
        if (size == 0 || ready >= ends[end - 1]) {
            append(ready, ready + duration);
            return ready + duration;
        }
        // first reservation that ends after ready (ends are sorted)
        int lo = head;
        int hi = end;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] <= ready) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        long candidate = ready;
        for (int i = lo; i < end; i++) {
            if (starts[i] >= candidate + duration) {
                insert(i, candidate, candidate + duration);
                return candidate + duration;
            }
            candidate = Math.max(candidate, ends[i]);
        }
        append(candidate, candidate + duration);
        return candidate + duration;
    }

    /** When the last reservation ends (0 when none). */
    long lastEnd() {
        return size == 0 ? 0 : ends[head + size - 1];
    }

    private void ensureRoom() {
        if (head + size < starts.length) {
            return;
        }
        if (head > 0 && size < starts.length / 2) {
            System.arraycopy(starts, head, starts, 0, size);
            System.arraycopy(ends, head, ends, 0, size);
        } else {
            long[] s = new long[starts.length * 2];
            long[] e = new long[starts.length * 2];
            System.arraycopy(starts, head, s, 0, size);
            System.arraycopy(ends, head, e, 0, size);
            starts = s;
            ends = e;
        }
        head = 0;
    }

    private void append(long s, long e) {
        ensureRoom();
        starts[head + size] = s;
        ends[head + size] = e;
        size++;
    }

    private void insert(int at, long s, long e) {
        int offset = at - head;
        ensureRoom();
        int i = head + offset;
        int n = head + size - i;
        System.arraycopy(starts, i, starts, i + 1, n);
        System.arraycopy(ends, i, ends, i + 1, n);
        starts[i] = s;
        ends[i] = e;
        size++;
    }
}

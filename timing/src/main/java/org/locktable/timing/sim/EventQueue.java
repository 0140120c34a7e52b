package org.locktable.timing.sim;

import java.util.Arrays;

/**
 * A binary min-heap of events keyed by (time, insertion sequence), with an int payload. One interleaved
 * {@code long[]} (time, then sequence·2³² | payload) keeps an entry on one cache line and allocates nothing per
 * event. Events at the same time come out in the order they were pushed (the 32-bit sequence wraps after 4·10⁹
 * events, which can only reorder events that tie in time across the wrap), so runs are deterministic.
 */
final class EventQueue {
    private long[] heap = new long[128];
    private int size;
    private int nextSeq;
    private long poppedTime;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    long peekTime() {
        return heap[0];
    }

    /** Time of the event {@link #pop()} returned last. */
    long poppedTime() {
        return poppedTime;
    }

    private static boolean less(long t1, long s1, long t2, long s2) {
        return t1 < t2 || (t1 == t2 && (s1 >>> 32) < (s2 >>> 32));
    }

    void push(long t, int p) {
        if (2 * size + 2 > heap.length) {
            heap = Arrays.copyOf(heap, heap.length * 2);
        }
        long sp = (long) nextSeq++ << 32 | (p & 0xFFFFFFFFL);
        long[] h = heap;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long pt = h[2 * parent];
            long ps = h[2 * parent + 1];
            if (less(pt, ps, t, sp)) {
                break;
            }
            h[2 * i] = pt;
            h[2 * i + 1] = ps;
            i = parent;
        }
        h[2 * i] = t;
        h[2 * i + 1] = sp;
    }

    /** Removes the earliest event and returns its payload; its time is {@link #poppedTime()}. */
    int pop() {
        long[] h = heap;
        int top = (int) h[1];
        poppedTime = h[0];
        int n = --size;
        if (n > 0) {
            long t = h[2 * n];
            long s = h[2 * n + 1];
            int i = 0;
            while (true) {
                int l = 2 * i + 1;
                if (l >= n) {
                    break;
                }
                int c = l;
                if (l + 1 < n && less(h[2 * l + 2], h[2 * l + 3], h[2 * l], h[2 * l + 1])) {
                    c = l + 1;
                }
                if (!less(h[2 * c], h[2 * c + 1], t, s)) {
                    break;
                }
                h[2 * i] = h[2 * c];
                h[2 * i + 1] = h[2 * c + 1];
                i = c;
            }
            h[2 * i] = t;
            h[2 * i + 1] = s;
        }
        return top;
    }
}

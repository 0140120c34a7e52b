package org.locktable.timing.device;

import java.util.Arrays;

/**
 * A queue-depth limit with FIFO admission: at most {@code depth} requests are inside the device; a request
 * that finds it full is admitted when the earliest in-flight one completes. Exact for FIFO admission because
 * requests arrive in time order and each completion time is known when it is admitted.
 */
final class DepthLimit {
    private final int depth;
    private long[] heap;
    private int size;

    /** {@code depth <= 0}: unlimited. */
    DepthLimit(int depth) {
        this.depth = depth;
        this.heap = new long[depth > 0 ? Math.min(depth, 64) : 0];
    }

    /** When a request arriving at {@code now} enters the device. */
    long admit(long now) {
        if (depth <= 0) {
            return now;
        }
        while (size > 0 && heap[0] <= now) {
            pop();
        }
        return size < depth ? now : pop();
    }

    /** Records the completion time of the request just admitted. */
    void occupy(long completion) {
        if (depth <= 0) {
            return;
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, Math.max(4, size * 2));
        }
        int i = size++;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (heap[p] <= completion) {
                break;
            }
            heap[i] = heap[p];
            i = p;
        }
        heap[i] = completion;
    }

    private long pop() {
        long top = heap[0];
        long last = heap[--size];
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                break;
            }
            int c = l + 1 < size && heap[l + 1] < heap[l] ? l + 1 : l;
            if (heap[c] >= last) {
                break;
            }
            heap[i] = heap[c];
            i = c;
        }
        if (size > 0) {
            heap[i] = last;
        }
        return top;
    }
}

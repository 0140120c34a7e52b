package org.locktable.timing.sim;

/**
 * The inode's {@code i_rwsem} with Linux semantics (kernel/locking/rwsem.c): a FIFO wait list; a request is
 * granted at once only when nobody waits and the mode is compatible (a waiting writer therefore blocks new
 * readers: no reader fast path while waiters exist, {@code rwsem_down_read_slowpath} queues a reader when the
 * lock is held); on release a writer at the head of the list is woken alone, a reader at the head wakes every
 * reader of the list up to 256, past the writers between them ({@code rwsem_mark_wake}, v5.3+). Every waiter woken was asleep and counts one hand-off
 * ({@link #handoffs()}); the simulator charges it the hand-off cost h. Optimistic spinning and the hand-off
 * bit (after ≈ 4 ms of waiting) are not modelled.
 *
 * <p>Waiters are int ids chosen by the caller; woken ids are written to the caller's buffer.
 */
public final class RwSem {
    /** {@code MAX_READERS_WAKEUP} (kernel/locking/rwsem.c): readers woken by one {@code rwsem_mark_wake}. */
    static final int MAX_READERS_WAKEUP = 0x100;

    private int readers;
    private boolean writer;
    private int[] queue = new int[16]; // id << 1 | exclusive; a power-of-two ring
    private int head;
    private int count;
    private long handoffs;
    private final boolean wakeAllReaders;

    /** The kernel's rwsem ({@code rwsem_mark_wake} wakes every waiting reader). */
    public RwSem() {
        this(true);
    }

    /** @param wakeAllReaders false: a release wakes only the leading run of readers (the pre-v5.3 rule) */
    public RwSem(boolean wakeAllReaders) {
        this.wakeAllReaders = wakeAllReaders;
    }

    /** Holding readers. */
    public int readers() {
        return readers;
    }

    /** True while a writer holds the lock. */
    public boolean writerHeld() {
        return writer;
    }

    /** Sleeping waiters. */
    public int waiters() {
        return count;
    }

    /** Waiters woken so far (each one a sleeping waiter that paid a hand-off). */
    public long handoffs() {
        return handoffs;
    }

    /** Requests the lock for {@code id}; true when granted at once (no sleep), false when queued. */
    public boolean acquire(int id, boolean exclusive) {
        if (count == 0 && !writer && (!exclusive || readers == 0)) {
            if (exclusive) {
                writer = true;
            } else {
                readers++;
            }
            return true;
        }
        enqueue(id << 1 | (exclusive ? 1 : 0));
        return false;
    }

    /**
     * Releases a hold ({@code exclusive} says which kind the caller holds) and wakes waiters; the woken ids go
     * to {@code woken} (sized for all waiters), the count is returned. Woken waiters hold the lock on return.
     */
    public int release(boolean exclusive, int[] woken) {
        if (exclusive) {
            if (!writer) {
                throw new IllegalStateException("release of an exclusive hold nobody has");
            }
            writer = false;
        } else {
            if (readers == 0) {
                throw new IllegalStateException("release of a shared hold nobody has");
            }
            readers--;
        }
        return wake(woken);
    }

    /** {@code downgrade_write}: the writer becomes a reader and the leading readers of the wait list join it. */
    public int downgrade(int[] woken) {
        if (!writer) {
            throw new IllegalStateException("downgrade without an exclusive hold");
        }
        writer = false;
        readers++;
        return wake(woken);
    }

    /**
     * {@code rwsem_mark_wake} (kernel/locking/rwsem.c, v5.3+): a writer at the head of the list is woken alone
     * ({@code RWSEM_WAKE_ANY}); a reader at the head wakes every reader in the list, skipping the writers
     * between them (which keep their places), at most {@link #MAX_READERS_WAKEUP} per call. With a writer at the
     * head nobody is woken on a downgrade ({@code RWSEM_WAKE_READ_OWNED} returns at a waiting writer).
     */
    private int wake(int[] woken) {
        if (count == 0 || writer) {
            return 0;
        }
        int n = 0;
        int w = queue[head];
        if ((w & 1) != 0) {
            if (readers == 0) {
                dequeue();
                writer = true;
                woken[n++] = w >>> 1;
            }
        } else {
            int mask = queue.length - 1;
            int kept = 0;
            for (int i = 0; i < count; i++) {
                int v = queue[(head + i) & mask];
                if ((v & 1) == 0 && n < MAX_READERS_WAKEUP && (wakeAllReaders || kept == 0)) {
                    readers++;
                    woken[n++] = v >>> 1;
                } else {
                    queue[(head + kept++) & mask] = v;
                }
            }
            count = kept;
        }
        handoffs += n;
        return n;
    }

    private void enqueue(int v) {
        if (count == queue.length) {
            int[] q = new int[queue.length * 2];
            for (int i = 0; i < count; i++) {
                q[i] = queue[(head + i) & (queue.length - 1)];
            }
            queue = q;
            head = 0;
        }
        queue[(head + count) & (queue.length - 1)] = v;
        count++;
    }

    private void dequeue() {
        head = (head + 1) & (queue.length - 1);
        count--;
    }
}

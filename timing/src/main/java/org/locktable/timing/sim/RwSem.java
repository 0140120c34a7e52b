package org.locktable.timing.sim;

/**
 * The inode's {@code i_rwsem} with Linux semantics (kernel/locking/rwsem.c): a FIFO wait list; a request is
 * granted at once only when nobody waits and the mode is compatible (a waiting writer therefore blocks new
 * readers: no reader fast path while waiters exist, {@code rwsem_down_read_slowpath} queues a reader when readers
 * hold the lock); on release a writer at the head of the list is woken alone, a reader at the head wakes every
 * reader of the list up to 256, past the writers between them ({@code rwsem_mark_wake}, v5.3+). Every waiter
 * woken was asleep and counts one hand-off ({@link #handoffs()}); the simulator charges it the hand-off cost h.
 *
 * <p>With {@code optimistic} (reader stealing as in v5.11+; read in a 6.x rwsem.c) the lock is not handed to a writer:
 * <ul>
 * <li>A writer that finds the lock taken spins instead of sleeping ({@code rwsem_down_write_slowpath} →
 * {@code rwsem_optimistic_spin}) while its owner is a writer on a CPU, or readers own it, and it may
 * ({@code rwsem_can_spin_on_owner}: no {@code need_resched()}, the caller's {@code maySpin}). Spinners queue on
 * the lock's OSQ, first come first served, and the first takes the lock the moment it is free, ahead of every
 * sleeping waiter ({@code rwsem_try_write_lock_unqueued}: only the hand-off bit stops it), with no wake-up. They
 * stop and join the wait list when the owning writer sleeps ({@link #ownerSleeps}, {@code owner_on_cpu}), or
 * when readers have held the lock past the spinning threshold, (10 + readers / 2) µs up to 25 µs
 * ({@code rwsem_rspin_threshold}), which also marks the lock non-spinnable until it is free again.</li>
 * <li>A writer at the head of the list is only woken ({@code RWSEM_WAKE_ANY}); when it runs it takes the lock if
 * the lock is free ({@code rwsem_try_write_lock}, {@link #tryWoken}), else sleeps again. Meanwhile a writer
 * arriving takes the free lock (spinning finds no owner), and so does a reader (reader lock stealing:
 * {@code !(count & (RWSEM_WRITER_LOCKED | RWSEM_FLAG_HANDOFF))} with no other reader holding it).</li>
 * <li>The hand-off bit: a first waiter that finds the lock taken after {@link #WAIT_TIMEOUT_NS} in the list sets
 * it, and from then nobody takes the lock before it ({@code RWSEM_FLAG_HANDOFF}). A writer sets it when it runs
 * and fails; a reader at the head when a release finds a spinner has taken the lock ({@code rwsem_mark_wake}).
 * Not modelled: the hand-off waiter spinning on its owner rather than sleeping.</li>
 * </ul>
 * Without it every waiter sleeps and a released lock is handed to the woken writer at once (the model before these
 * rules). Kernels before v5.11 also let readers spin instead of stealing; that is not modelled.
 *
 * <p>Waiters are int ids chosen by the caller; a release writes {@code id << 2 | kind} to the caller's buffer,
 * the kind one of {@link #GRANTED_ASLEEP}, {@link #SPINNER_TOOK} and {@link #WRITER_WOKEN}.
 */
public final class RwSem {
    /** {@code MAX_READERS_WAKEUP} (kernel/locking/rwsem.c): readers woken by one {@code rwsem_mark_wake}. */
    static final int MAX_READERS_WAKEUP = 0x100;
    /** {@code RWSEM_WAIT_TIMEOUT}, {@code DIV_ROUND_UP(HZ, 250)} jiffies: 4 ms at HZ=250 (its least at any HZ). */
    public static final long WAIT_TIMEOUT_NS = 4_000_000;

    /** {@link #acquire}: the lock is the caller's. */
    public static final int GRANTED = 0;
    /** {@link #acquire}: the caller spins (on a CPU, not asleep) until a release hands it {@link #SPINNER_TOOK}. */
    public static final int SPINNING = 1;
    /** {@link #acquire}: the caller sleeps in the wait list. */
    public static final int QUEUED = 2;

    /** A released waiter that slept and now holds the lock (a batch of readers, or a writer without stealing). */
    public static final int GRANTED_ASLEEP = 0;
    /** The first spinner, which took the lock as it was released. */
    public static final int SPINNER_TOOK = 1;
    /** The writer at the head of the wait list, woken: it must {@link #tryWoken} when it runs. */
    public static final int WRITER_WOKEN = 2;

    private final boolean wakeAllReaders;
    private final boolean optimistic;

    private int readers;
    private boolean writer;
    /** The writer holding the lock is on a CPU (not asleep holding it). */
    private boolean ownerRunning;
    private int[] queue = new int[16]; // id << 1 | exclusive; a power-of-two ring
    private long[] queuedAt = new long[16];
    private int head;
    private int count;
    private int[] spinners = new int[16]; // the OSQ, a power-of-two ring
    private int spinHead;
    private int spinCount;
    /** The writer at the head of the list has been woken and has not run yet. */
    private boolean headWoken;
    private boolean handoff;
    private boolean nonspinnable;
    private long readerSpinDeadline = -1;

    private long handoffs;
    private long spinGrants;
    private long steals;

    /** {@code rwsem_mark_wake}'s rules without spinning and stealing. */
    public RwSem() {
        this(true, false);
    }

    /** @param wakeAllReaders false: a release wakes only the leading run of readers (the pre-v5.3 rule) */
    public RwSem(boolean wakeAllReaders) {
        this(wakeAllReaders, false);
    }

    /**
     * @param wakeAllReaders false: a release wakes only the leading run of readers (the pre-v5.3 rule)
     * @param optimistic writers' optimistic spinning, lock stealing and the hand-off bit (v5.11+)
     */
    public RwSem(boolean wakeAllReaders, boolean optimistic) {
        this.wakeAllReaders = wakeAllReaders;
        this.optimistic = optimistic;
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

    /** Spinning writers. */
    public int spinners() {
        return spinCount;
    }

    /** The first spinner (the one on the owner), or -1. */
    public int firstSpinner() {
        return spinCount == 0 ? -1 : spinners[spinHead];
    }

    /** Whether a first waiter has set the hand-off bit. */
    public boolean handoffSet() {
        return handoff;
    }

    /** Sleeping waiters woken so far (each pays a hand-off). */
    public long handoffs() {
        return handoffs;
    }

    /** Writers that took the lock by spinning, never having slept. */
    public long spinGrants() {
        return spinGrants;
    }

    /** Acquisitions that went ahead of sleeping waiters: a spinner's, or a free lock taken from a woken writer. */
    public long steals() {
        return steals;
    }

    /** {@link #acquire(int, boolean, long, boolean)} at time 0 with no spinning. */
    public boolean acquire(int id, boolean exclusive) {
        return acquire(id, exclusive, 0, false) == GRANTED;
    }

    /**
     * Requests the lock for {@code id} at {@code now}: {@link #GRANTED}, {@link #SPINNING} or {@link #QUEUED}.
     *
     * @param maySpin a writer may spin: its CPU has nothing else to run ({@code need_resched()} false)
     */
    public int acquire(int id, boolean exclusive, long now, boolean maySpin) {
        boolean free = !writer && readers == 0;
        if (exclusive) {
            if (free && (count == 0 || optimistic && maySpin && !handoff)) {
                if (count > 0) {
                    steals++; // rwsem_optimistic_spin finds no owner: rwsem_try_write_lock_unqueued
                }
                takeWrite();
                return GRANTED;
            }
            if (optimistic && maySpin && !nonspinnable && (!writer || ownerRunning)) {
                pushSpinner(id);
                return SPINNING;
            }
        } else if (!writer && !handoff && (count == 0 || optimistic && readers == 0)) {
            if (count > 0) {
                steals++; // reader optimistic lock stealing, rwsem_down_read_slowpath
            }
            readers++;
            return GRANTED;
        }
        enqueue(id << 1 | (exclusive ? 1 : 0), now);
        return QUEUED;
    }

    /** {@link #release(boolean, long, int[])} at time 0, the woken ids without their kinds. */
    public int release(boolean exclusive, int[] woken) {
        int n = release(exclusive, 0, woken);
        for (int i = 0; i < n; i++) {
            woken[i] >>>= 2;
        }
        return n;
    }

    /**
     * Releases a hold ({@code exclusive} says which kind the caller holds) at {@code now}; what it does to waiters
     * goes to {@code woken} (sized for all waiters) as {@code id << 2 | kind}, the count is returned.
     */
    public int release(boolean exclusive, long now, int[] woken) {
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
        if (readers > 0) {
            return wake(now, woken, 0); // a reader at the head joins the readers (the pre-v5.3 rule)
        }
        nonspinnable = false; // clear_nonspinnable: free again
        readerSpinDeadline = -1;
        int n = 0;
        if (spinCount > 0 && !handoff) {
            int id = spinners[spinHead];
            spinHead = (spinHead + 1) & (spinners.length - 1);
            spinCount--;
            takeWrite();
            spinGrants++;
            if (count > 0) {
                steals++;
            }
            woken[n++] = id << 2 | SPINNER_TOOK;
        }
        return wake(now, woken, n);
    }

    /** {@code downgrade_write}: the writer becomes a reader and the leading readers of the wait list join it. */
    public int downgrade(int[] woken) {
        int n = downgrade(0, woken);
        for (int i = 0; i < n; i++) {
            woken[i] >>>= 2;
        }
        return n;
    }

    /** {@code downgrade_write} at {@code now}, woken as {@link #release(boolean, long, int[])} writes them. */
    public int downgrade(long now, int[] woken) {
        if (!writer) {
            throw new IllegalStateException("downgrade without an exclusive hold");
        }
        writer = false;
        readers++;
        return wake(now, woken, 0);
    }

    /**
     * The woken writer {@code id}, at the head of the list, runs at {@code now}: true when it took the lock (it
     * leaves the list); false when someone took it first, and it sleeps again, setting the hand-off bit if it has
     * waited {@link #WAIT_TIMEOUT_NS}.
     */
    public boolean tryWoken(int id, long now) {
        if (count == 0 || queue[head] != (id << 1 | 1)) {
            throw new IllegalStateException("writer " + id + " is not at the head of the wait list");
        }
        headWoken = false;
        if (!writer && readers == 0) {
            dequeue();
            handoff = false;
            takeWrite();
            return true;
        }
        if (now - queuedAt[head] >= WAIT_TIMEOUT_NS) {
            handoff = true;
        }
        return false;
    }

    /**
     * The writer holding the lock goes to sleep holding it ({@code owner_on_cpu} false): every spinner stops and
     * joins the wait list, in its order. Returns how many did.
     */
    public int ownerSleeps(long now) {
        ownerRunning = false;
        return queueSpinners(now);
    }

    /** The writer holding the lock runs again: writers arriving may spin on it. */
    public void ownerRuns() {
        ownerRunning = writer;
    }

    /**
     * Readers hold the lock and writers spin on it: when the first spinner's threshold ends, or -1. The first call
     * for a reader phase sets it ({@code rwsem_rspin_threshold}: (10 + readers / 2) µs, at most 25 µs).
     */
    public long readerSpinDeadline(long now) {
        if (spinCount == 0 || writer || readers == 0) {
            return -1;
        }
        if (readerSpinDeadline < 0) {
            readerSpinDeadline = now + (20L + Math.min(readers, 30)) * 500;
        }
        return readerSpinDeadline;
    }

    /**
     * At {@code now}, the reader-spinning threshold set for this reader phase may have ended: if so the lock
     * becomes non-spinnable ({@code rwsem_set_nonspinnable}) and every spinner joins the wait list. Returns how
     * many did.
     */
    public int readerSpinTimeout(long now) {
        if (readerSpinDeadline < 0 || now < readerSpinDeadline || writer || readers == 0) {
            return 0;
        }
        readerSpinDeadline = -1;
        nonspinnable = true;
        return queueSpinners(now);
    }

    private void takeWrite() {
        writer = true;
        ownerRunning = true;
        nonspinnable = false; // rwsem_set_owner clears the owner's flags
        readerSpinDeadline = -1;
    }

    private int queueSpinners(long now) {
        int n = spinCount;
        while (spinCount > 0) {
            int id = spinners[spinHead];
            spinHead = (spinHead + 1) & (spinners.length - 1);
            spinCount--;
            enqueue(id << 1 | 1, now);
        }
        return n;
    }

    /**
     * {@code rwsem_mark_wake} (kernel/locking/rwsem.c, v5.3+), after {@code n} entries already written: a writer at
     * the head of the list is woken alone ({@code RWSEM_WAKE_ANY}: granted at once without {@code optimistic},
     * else only woken, once); a reader at the head wakes every reader in the list, skipping the writers between
     * them (which keep their places), at most {@link #MAX_READERS_WAKEUP} per call, unless a writer holds the lock
     * (a spinner took it: a reader waiting past the timeout then sets the hand-off bit). With a writer at the head
     * nobody is woken while readers hold the lock.
     */
    private int wake(long now, int[] woken, int n) {
        if (count == 0) {
            return n;
        }
        int w = queue[head];
        if ((w & 1) != 0) {
            boolean free = !writer && readers == 0;
            if (!optimistic) {
                if (free) {
                    dequeue();
                    writer = true;
                    ownerRunning = true;
                    handoffs++;
                    woken[n++] = (w >>> 1) << 2 | GRANTED_ASLEEP;
                }
                return n;
            }
            // woken once: at a free lock, or by the rwsem_wake after a spinner took it (it runs, fails, sleeps)
            if (!headWoken && (free || writer && n > 0)) {
                headWoken = true;
                handoffs++;
                woken[n++] = (w >>> 1) << 2 | WRITER_WOKEN;
            }
            return n;
        }
        if (writer) {
            if (optimistic && !handoff && now - queuedAt[head] >= WAIT_TIMEOUT_NS) {
                handoff = true;
            }
            return n;
        }
        handoff = false;
        int mask = queue.length - 1;
        int kept = 0;
        int first = n;
        for (int i = 0; i < count; i++) {
            int v = queue[(head + i) & mask];
            long at = queuedAt[(head + i) & mask];
            if ((v & 1) == 0 && n - first < MAX_READERS_WAKEUP && (wakeAllReaders || kept == 0)) {
                readers++;
                woken[n++] = (v >>> 1) << 2 | GRANTED_ASLEEP;
            } else {
                queue[(head + kept) & mask] = v;
                queuedAt[(head + kept) & mask] = at;
                kept++;
            }
        }
        count = kept;
        handoffs += n - first;
        return n;
    }

    private void pushSpinner(int id) {
        if (spinCount == spinners.length) {
            int[] q = new int[spinners.length * 2];
            for (int i = 0; i < spinCount; i++) {
                q[i] = spinners[(spinHead + i) & (spinners.length - 1)];
            }
            spinners = q;
            spinHead = 0;
        }
        spinners[(spinHead + spinCount) & (spinners.length - 1)] = id;
        spinCount++;
    }

    private void enqueue(int v, long now) {
        if (count == queue.length) {
            int[] q = new int[queue.length * 2];
            long[] t = new long[queue.length * 2];
            for (int i = 0; i < count; i++) {
                q[i] = queue[(head + i) & (queue.length - 1)];
                t[i] = queuedAt[(head + i) & (queue.length - 1)];
            }
            queue = q;
            queuedAt = t;
            head = 0;
        }
        queue[(head + count) & (queue.length - 1)] = v;
        queuedAt[(head + count) & (queue.length - 1)] = now;
        count++;
    }

    private void dequeue() {
        head = (head + 1) & (queue.length - 1);
        count--;
    }
}

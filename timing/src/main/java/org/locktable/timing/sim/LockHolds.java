package org.locktable.timing.sim;

/**
 * What each slot holds of its file's {@code i_rwsem}, and the events a request, a release or a downgrade causes:
 * a sleeping waiter handed the lock gets a grant event now, the first spinner its lock now, a woken writer its
 * wake-up, and writers spinning on readers a timer for the spinning threshold.
 */
final class LockHolds {
    private final JobSlots io;
    private final Tally tally;
    private final EventQueue events;
    private final Events ev;
    private final int[] woken;

    /**
     * The events, each or-ed with the slot.
     *
     * @param granted a sleeping waiter was handed the lock
     * @param spinGranted the first spinner took the lock
     * @param writerWoken the writer at the head of the wait list was woken
     * @param spinTimeout the reader-spinning threshold of the slot's file may have ended
     */
    record Events(int granted, int spinGranted, int writerWoken, int spinTimeout) {
    }

    LockHolds(JobSlots io, Tally tally, EventQueue events, int slots, Events ev) {
        this.io = io;
        this.tally = tally;
        this.events = events;
        this.ev = ev;
        this.woken = new int[slots];
    }

    /** Slot {@code s} asks for the lock: {@link RwSem#GRANTED}, {@link RwSem#SPINNING} or {@link RwSem#QUEUED}. */
    int acquire(long now, SimFile f, int s, boolean exclusive, boolean maySpin) {
        int r = f.lock.acquire(s, exclusive, now, maySpin);
        if (r == RwSem.GRANTED) {
            grant(s, exclusive);
        }
        armReaderSpin(now, f);
        return r;
    }

    void grant(int s, boolean exclusive) {
        io.slotHolding[s] = (byte) (exclusive ? 2 : 1);
        if (exclusive) {
            tally.exclusiveGrants++;
        } else {
            tally.sharedGrants++;
        }
    }

    void release(long now, SimFile f, int s) {
        boolean x = io.slotHolding[s] == 2;
        io.slotHolding[s] = 0;
        dispatch(now, f, f.lock.release(x, now, woken));
    }

    /** {@code downgrade_write} / {@code xfs_ilock_demote}: the slot holds the lock shared from now on. */
    void downgrade(long now, SimFile f, int s) {
        io.slotHolding[s] = 1;
        dispatch(now, f, f.lock.downgrade(now, woken));
    }

    /**
     * The woken writer in slot {@code s} runs: true when it took the lock ({@link RwSem#tryWoken}), counted as an
     * exclusive grant; false when someone took it first and it sleeps again.
     */
    boolean tryWoken(long now, SimFile f, int s) {
        if (!f.lock.tryWoken(s, now)) {
            return false;
        }
        grant(s, true);
        return true;
    }

    /** Slot {@code s} sleeps (for a drain, its I/O, a folio lock): if it holds the lock exclusive, spinners stop. */
    void ownerSleeps(long now, SimFile f, int s) {
        if (io.slotHolding[s] == 2) {
            f.lock.ownerSleeps(now);
        }
    }

    /** Slot {@code s} runs again holding the lock. */
    void ownerRuns(SimFile f, int s) {
        if (io.slotHolding[s] == 2) {
            f.lock.ownerRuns();
        }
    }

    /** The reader-spinning timer of {@code f} went off. */
    void readerSpinTimeout(long now, SimFile f) {
        f.lock.readerSpinTimeout(now);
    }

    private void dispatch(long now, SimFile f, int n) {
        for (int i = 0; i < n; i++) {
            int id = woken[i] >>> 2;
            switch (woken[i] & 3) {
                case RwSem.GRANTED_ASLEEP:
                    events.push(now, ev.granted | id);
                    break;
                case RwSem.SPINNER_TOOK:
                    events.push(now, ev.spinGranted | id);
                    break;
                default:
                    events.push(now, ev.writerWoken | id);
                    break;
            }
        }
        armReaderSpin(now, f);
    }

    /** Writers spin on readers: one timer per reader phase, for its first spinner. */
    private void armReaderSpin(long now, SimFile f) {
        long deadline = f.lock.readerSpinDeadline(now);
        if (deadline >= 0 && deadline != f.readerSpinTimer) {
            f.readerSpinTimer = deadline;
            events.push(deadline, ev.spinTimeout | f.lock.firstSpinner());
        }
    }
}

package org.locktable.timing.sim;

/**
 * What each slot holds of its file's {@code i_rwsem}, and the wake-ups a release or a downgrade causes: every
 * waiter the rwsem hands the lock to gets a grant event now.
 */
final class LockHolds {
    private final JobSlots io;
    private final Tally tally;
    private final EventQueue events;
    private final int grantedEvent;
    private final int[] woken;

    /** @param grantedEvent the event, or-ed with the slot, for a waiter that was handed the lock */
    LockHolds(JobSlots io, Tally tally, EventQueue events, int slots, int grantedEvent) {
        this.io = io;
        this.tally = tally;
        this.events = events;
        this.grantedEvent = grantedEvent;
        this.woken = new int[slots];
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
        wakeAll(now, f.lock.release(x, woken));
    }

    /** {@code downgrade_write} / {@code xfs_ilock_demote}: the slot holds the lock shared from now on. */
    void downgrade(long now, SimFile f, int s) {
        io.slotHolding[s] = 1;
        wakeAll(now, f.lock.downgrade(woken));
    }

    private void wakeAll(long now, int n) {
        for (int i = 0; i < n; i++) {
            events.push(now, grantedEvent | woken[i]);
        }
    }
}

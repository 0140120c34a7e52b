package org.locktable.concurrency;

import java.util.List;
import org.locktable.engine.decision.Lock;

/**
 * One operation's progress: its phase, the i_size it read before locking, the lock it holds, the lock it waits for
 * and who was queued ahead of it on the rwsem, how often it restarted, the decision's drain, wait, demote and
 * overwrite-only flags, its bios and which of them are still in flight. Immutable.
 *
 * @param want     the lock a {@link Phase#WAITING} operation is queued for
 * @param ahead    bit mask of the operations already queued when this one queued (rwsem FIFO)
 * @param restarts how often the lock decision restarted (unlock, relock exclusive)
 * @param waited   the decision's completion is waited (sync kiocb or FORCE_WAIT)
 * @param demote   XFS: demote the exclusive lock to shared after the drain (xfs_ilock_demote)
 * @param overwriteOnly XFS: submitted with IOMAP_DIO_OVERWRITE_ONLY; -EAGAIN at submission retries exclusive
 */
record OpState(Phase phase, long sampledSize, Lock held, Lock want, int ahead, int restarts, boolean returned,
        boolean drain, boolean waited, boolean demote, boolean overwriteOnly, List<Bio> bios, long inFlight) {

    static final long NOT_SAMPLED = -1;

    static OpState start() {
        return new OpState(Phase.START, NOT_SAMPLED, Lock.NONE, Lock.NONE, 0, 0, false, false, false, false, false,
                List.of(), 0);
    }

    boolean done() {
        return phase == Phase.DIO_ENDED && returned;
    }

    OpState at(Phase p) {
        return new OpState(p, sampledSize, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly, bios,
                inFlight);
    }

    OpState sampled(long size) {
        return new OpState(Phase.LOCKING, size, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly,
                bios, inFlight);
    }

    /** Queued on the rwsem for {@code lock} behind the operations of {@code queuedAhead}. */
    OpState waiting(Lock lock, int queuedAhead) {
        return new OpState(Phase.WAITING, sampledSize, held, lock, queuedAhead, restarts, returned, drain, waited, demote,
                overwriteOnly, bios, inFlight);
    }

    /** Holding {@code lock} with the decision settled; {@link Phase#LOCKED} drains next, {@link Phase#READY} submits. */
    OpState locked(Lock lock, boolean drains, boolean waits) {
        return locked(lock, drains, waits, false, false);
    }

    OpState locked(Lock lock, boolean drains, boolean waits, boolean demotes, boolean overwriteOnlyIo) {
        return new OpState(drains ? Phase.LOCKED : Phase.READY, sampledSize, lock, Lock.NONE, 0, restarts, returned, drains,
                waits, demotes, overwriteOnlyIo, bios, inFlight);
    }

    /** Unlocked to take the lock again exclusive: the ext4 checks' restart, XFS's retry_exclusive. */
    OpState restarted() {
        return new OpState(Phase.LOCKING, sampledSize, Lock.NONE, Lock.NONE, 0, restarts + 1, returned, false, false, false,
                false, bios, inFlight);
    }

    /** The drain done; an XFS demote leaves the lock shared. */
    OpState drained() {
        return new OpState(Phase.READY, sampledSize, demote ? Lock.SHARED : held, want, ahead, restarts, returned, drain,
                waited, false, overwriteOnly, bios, inFlight);
    }

    OpState submitted(List<Bio> submitted) {
        long all = submitted.size() == 64 ? -1L : (1L << submitted.size()) - 1;
        return new OpState(Phase.SUBMITTED, sampledSize, held, want, ahead, restarts, returned, drain, waited, demote,
                overwriteOnly, List.copyOf(submitted), all);
    }

    OpState completedBio(int i) {
        return new OpState(phase, sampledSize, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly,
                bios, inFlight & ~(1L << i));
    }

    OpState unlockedAndReturned() {
        return new OpState(phase, sampledSize, Lock.NONE, want, ahead, restarts, true, drain, waited, demote, overwriteOnly,
                bios, inFlight);
    }
}

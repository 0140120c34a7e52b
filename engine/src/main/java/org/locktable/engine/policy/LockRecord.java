package org.locktable.engine.policy;

import java.util.List;

import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.StepBreach;

/**
 * The inode lock as one walk takes and drops it: what is held now, the first lock taken (the decision's initial
 * lock), and the lock path, packed 3 bits per op (ordinal + 1), first op lowest ({@link LockPaths}). A lock taken
 * while one is held, or a release of what is not held, is a breach of the walk.
 */
final class LockRecord {
    private final StepBreaches breaches;
    private Lock initial = Lock.NONE;
    private Lock held = Lock.NONE;
    private long ops;
    private int count;

    LockRecord(StepBreaches breaches) {
        this.breaches = breaches;
    }

    /** {@code inode_lock_shared()} / {@code inode_lock()}: {@code mode} is held from now on. */
    void take(Lock mode, LockOp op) {
        if (held != Lock.NONE) {
            breaches.add(StepBreach.RELOCK);
        }
        if (initial == Lock.NONE) {
            initial = mode;
        }
        held = mode;
        add(op);
    }

    /** {@code inode_unlock()}. */
    void unlock() {
        if (held == Lock.NONE) {
            breaches.add(StepBreach.BAD_RELEASE);
        }
        held = Lock.NONE;
        add(LockOp.UNLOCK);
    }

    /** {@code downgrade_write} or {@code xfs_ilock_demote} ({@code op}): the exclusive lock held shared. */
    void toShared(LockOp op) {
        if (held != Lock.EXCLUSIVE) {
            breaches.add(StepBreach.BAD_RELEASE);
        }
        held = Lock.SHARED;
        add(op);
    }

    Lock held() {
        return held;
    }

    Lock initial() {
        return initial;
    }

    List<LockOp> path() {
        return LockPaths.of(ops, count);
    }

    private void add(LockOp op) {
        ops |= (long) (op.ordinal() + 1) << (3 * count++);
    }
}

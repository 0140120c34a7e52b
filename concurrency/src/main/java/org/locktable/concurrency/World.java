package org.locktable.concurrency;

import java.util.List;
import org.locktable.engine.decision.Lock;

/** Everything at one moment of a schedule: the file and every operation's progress. Immutable; equal worlds have equal futures. */
record World(FileState file, List<OpState> ops) {

    boolean done() {
        for (OpState o : ops) {
            if (!o.done()) {
                return false;
            }
        }
        return true;
    }

    World with(int op, OpState state, FileState newFile) {
        OpState[] copy = ops.toArray(new OpState[0]);
        copy[op] = state;
        return new World(newFile, List.of(copy));
    }

    /** Bit mask of the operations queued on the rwsem. */
    int waiting() {
        int mask = 0;
        for (int i = 0; i < ops.size(); i++) {
            mask |= ops.get(i).phase() == Phase.WAITING ? 1 << i : 0;
        }
        return mask;
    }

    private boolean held(int op, Lock lock) {
        for (int i = 0; i < ops.size(); i++) {
            if (i != op && ops.get(i).held() == lock) {
                return true;
            }
        }
        return false;
    }

    /**
     * The rwsem (kernel/locking/rwsem.c) for an operation not queued: a writer takes a free lock even past queued
     * waiters (rwsem_try_write_lock_unqueued's stealing); a reader takes it when no writer holds it and either nobody is
     * queued (the fast path) or nobody holds it (rwsem_down_read_slowpath's reader lock stealing) — once a writer is
     * queued behind readers, new readers queue behind it.
     */
    boolean mayTake(int op, Lock lock) {
        if (lock == Lock.EXCLUSIVE) {
            return !held(op, Lock.SHARED) && !held(op, Lock.EXCLUSIVE);
        }
        return !held(op, Lock.EXCLUSIVE) && ((waiting() & ~(1 << op)) == 0 || !held(op, Lock.SHARED));
    }

    /**
     * A queued operation is woken in FIFO order (rwsem_mark_wake): a writer when nobody holds the lock and nobody
     * queued before it still waits; a reader when no writer holds it and no writer queued before it still waits.
     */
    boolean queuedMayTake(int op) {
        OpState o = ops.get(op);
        int before = o.ahead() & waiting();
        if (o.want() == Lock.EXCLUSIVE) {
            return before == 0 && !held(op, Lock.SHARED) && !held(op, Lock.EXCLUSIVE);
        }
        for (int i = 0; i < ops.size(); i++) {
            if ((before & (1 << i)) != 0 && ops.get(i).want() == Lock.EXCLUSIVE) {
                return false;
            }
        }
        return !held(op, Lock.EXCLUSIVE);
    }

    /** inode_dio_wait's condition: no other direct I/O of the inode between inode_dio_begin and inode_dio_end. */
    boolean noDioInFlight(int op) {
        for (int i = 0; i < ops.size(); i++) {
            Phase p = ops.get(i).phase();
            if (i != op && (p == Phase.SUBMITTED || p == Phase.COMPLETED)) {
                return false;
            }
        }
        return true;
    }

    /** filemap_fdatawait_range's condition: no writeback bio of another operation in flight over [start, end). */
    boolean noWritebackOver(int op, long start, long end) {
        for (int i = 0; i < ops.size(); i++) {
            OpState o = ops.get(i);
            if (i == op || o.phase() != Phase.WRITEBACK) {
                continue;
            }
            for (int b = 0; b < o.bios().size(); b++) {
                Bio bio = o.bios().get(b);
                if ((o.inFlight() & (1L << b)) != 0 && bio.start() < end && start < bio.end()) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Per sector: does a direct write that is submitted and not complete (between iomap_dio_bio_iter and its end_io) have
     * a bio, data or zero, over it? A page read now may miss that write's bytes.
     */
    boolean[] underDirectWrite() {
        boolean[] under = new boolean[file.sectors()];
        for (OpState o : ops) {
            if (o.phase() == Phase.SUBMITTED) {
                for (Bio bio : o.bios()) {
                    java.util.Arrays.fill(under, (int) (bio.start() / Sector.SIZE), (int) (bio.end() / Sector.SIZE), true);
                }
            }
        }
        return under;
    }
}

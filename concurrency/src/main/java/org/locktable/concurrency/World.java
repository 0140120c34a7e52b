package org.locktable.concurrency;

import java.util.List;
import org.locktable.engine.decision.Lock;

/** Everything at one moment of a schedule: the file and every operation's progress. Immutable; equal worlds have equal futures. */
final class World {
    private final FileState file;
    private final OpState[] states;
    private List<OpState> ops;
    private int hash;

    World(FileState file, List<OpState> ops) {
        this(file, ops.toArray(new OpState[0]));
    }

    private World(FileState file, OpState[] states) {
        this.file = file;
        this.states = states;
    }

    /** Operation {@code i}'s progress. */
    OpState op(int i) {
        return states[i];
    }

    FileState file() {
        return file;
    }

    List<OpState> ops() {
        List<OpState> l = ops;
        if (l == null) {
            l = List.of(states);
            ops = l;
        }
        return l;
    }

    int size() {
        return states.length;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof World w && hashCode() == w.hashCode() && file.equals(w.file)
                && java.util.Arrays.equals(states, w.states));
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 31 * file.hashCode() + java.util.Arrays.hashCode(states);
            hash = h == 0 ? 1 : h;
        }
        return h;
    }

    @Override
    public String toString() {
        return "World[" + file + ", " + ops() + "]";
    }

    boolean done() {
        for (OpState o : states) {
            if (!o.done()) {
                return false;
            }
        }
        return true;
    }

    World with(int op, OpState state, FileState newFile) {
        OpState[] copy = states.clone();
        copy[op] = state;
        return new World(newFile, copy);
    }

    /** Bit mask of the operations queued on the rwsem. */
    int waiting() {
        int mask = 0;
        for (int i = 0; i < states.length; i++) {
            mask |= states[i].phase() == Phase.WAITING ? 1 << i : 0;
        }
        return mask;
    }

    private boolean held(int op, Lock lock) {
        for (int i = 0; i < states.length; i++) {
            if (i != op && states[i].held() == lock) {
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
        OpState o = states[op];
        int before = o.ahead() & waiting();
        if (o.want() == Lock.EXCLUSIVE) {
            return before == 0 && !held(op, Lock.SHARED) && !held(op, Lock.EXCLUSIVE);
        }
        for (int i = 0; i < states.length; i++) {
            if ((before & (1 << i)) != 0 && states[i].want() == Lock.EXCLUSIVE) {
                return false;
            }
        }
        return !held(op, Lock.EXCLUSIVE);
    }

    /** inode_dio_wait's condition: no other direct I/O of the inode between inode_dio_begin and inode_dio_end. */
    boolean noDioInFlight(int op) {
        for (int i = 0; i < states.length; i++) {
            Phase p = states[i].phase();
            if (i != op && (p == Phase.SUBMITTED || p == Phase.SIZED || p == Phase.COMPLETED)) {
                return false;
            }
        }
        return true;
    }

    /**
     * filemap_fdatawait_range's (folio_wait_writeback's) condition: no page of [start, end) under another operation's
     * writeback — its bio in flight, or landed on an unwritten block whose conversion at the writeback end_io is still to
     * come (ext4 and XFS end a page's writeback only after converting its block).
     */
    boolean noWritebackOver(int op, long start, long end) {
        for (int i = 0; i < states.length; i++) {
            OpState o = states[i];
            if (i == op || o.phase() != Phase.WRITEBACK) {
                continue;
            }
            for (int b = 0; b < o.bios().size(); b++) {
                Bio bio = o.bios().get(b);
                if (((o.inFlight() & (1L << b)) != 0 || bio.convertsAtEndIo()) && bio.start() < end && start < bio.end()) {
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
        for (OpState o : states) {
            if (o.phase() == Phase.SUBMITTED) {
                for (Bio bio : o.bios()) {
                    if (bio.isRead()) {
                        continue;
                    }
                    java.util.Arrays.fill(under, (int) (bio.start() / Sector.SIZE), (int) (bio.end() / Sector.SIZE), true);
                }
            }
        }
        return under;
    }
}

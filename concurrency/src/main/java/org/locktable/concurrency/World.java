package org.locktable.concurrency;

import java.util.List;
import org.locktable.engine.decision.Lock;

/** Everything at one moment of a schedule: the file and every operation's progress. Immutable; {@link #key()} identifies it. */
record World(FileState file, List<OpState> ops) {

    boolean done() {
        return ops.stream().allMatch(OpState::done);
    }

    World with(int op, OpState state, FileState newFile) {
        OpState[] copy = ops.toArray(new OpState[0]);
        copy[op] = state;
        return new World(newFile, List.of(copy));
    }

    /** The rwsem: can operation {@code op} take {@code lock} now? */
    boolean lockFree(int op, Lock lock) {
        for (int i = 0; i < ops.size(); i++) {
            Lock other = ops.get(i).held();
            if (i != op && (other == Lock.EXCLUSIVE || (other == Lock.SHARED && lock == Lock.EXCLUSIVE))) {
                return false;
            }
        }
        return true;
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

    String key() {
        StringBuilder key = new StringBuilder();
        file.appendKey(key);
        key.append('|');
        for (OpState o : ops) {
            o.appendKey(key);
        }
        return key.toString();
    }
}

package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locktable.engine.decision.Lock;

/**
 * The lock path as steps: ext4_dio_write_checks' restart (fs/ext4/file.c: inode_unlock_shared, inode_lock, goto
 * restart), XFS's write-checks upgrade and retry_exclusive after -EAGAIN from IOMAP_DIO_OVERWRITE_ONLY
 * (fs/xfs/xfs_file.c xfs_file_dio_write_unaligned), the checks re-run against the file at the relock, and the rwsem's
 * queue (kernel/locking/rwsem.c: once a writer waits behind readers, new readers queue behind it).
 */
class RestartAndRwsemTest {
    private static final Operation UNALIGNED_INTO_UNWRITTEN = Operation.aio(4096, 512);

    /** ext4-base: an unaligned write to an unwritten block starts shared, restarts, and another writer can slip in between. */
    @Test
    void ext4RestartUnlocksAndAnotherWriterTakesTheLockBeforeTheRelock() {
        Walk w = Walk.of("ext4-base", "W U W W", 16384, UNALIGNED_INTO_UNWRITTEN, Operation.dio(8192, 4096))
                .take("A: lock S, shared lock not enough: unlock, restart exclusive (ext4_dio_write_checks)")
                .take("B: lock S, wait");
        assertTrue(w.enabled().contains("A: wait for X (rwsem)"), w.enabled().toString());
        w.take("A: wait for X").take("B: submit").all("B: bio done").take("B: end_io").take("B: inode_dio_end")
                .take("B: return, unlock S");
        assertEquals(List.of("A: woken: lock X, drain, wait (ext4_dio_write_iter)"), w.enabled());
    }

    /**
     * The checks at the relock see the file as it is then: B's end_io converted block 1 while A was unlocked, so
     * ext4-base, holding the exclusive lock, no longer drains (a written overwrite) but still waits an unaligned write
     * (IOMAP_DIO_FORCE_WAIT under the exclusive lock); patch 2 waits nothing more.
     */
    @Test
    void theChecksAtTheRelockSeeTheFileAsItIsThen() {
        for (String policy : List.of("ext4-base", "ext4-patch2")) {
            Walk w = Walk.of(policy, "W U W W", 16384, UNALIGNED_INTO_UNWRITTEN, Operation.aio(4096, 4096))
                    .take("A: lock S, ").take("B: lock S, queue").take("B: submit").all("B: bio done").take("B: end_io")
                    .take("B: inode_dio_end").take("B: -EIOCBQUEUED");
            String relock = w.enabled().get(0);
            assertEquals(policy.equals("ext4-base") ? "A: lock X, wait (ext4_dio_write_iter)" : "A: lock X, queue (ext4_dio_write_iter)",
                    relock, policy);
        }
    }

    /** xfs-dio: the shared overwrite-only path finds the block unwritten at submission, -EAGAIN, and retries exclusive. */
    @Test
    void xfsOverwriteOnlyEagainRetriesExclusiveDrainedAndWaited() {
        Walk w = Walk.of("xfs-dio", "W U W W", 16384, UNALIGNED_INTO_UNWRITTEN, Operation.aio(8192, 512))
                .take("A: lock S, queue, overwrite-only (xfs_ilock_iocb_for_write)")
                .take("A: iomap_dio_rw -EAGAIN (overwrite-only): unlock, retry exclusive");
        assertTrue(w.enabled().contains("A: lock X, drain, wait (xfs_ilock_iocb_for_write)"), w.enabled().toString());
    }

    /** xfs-dio aligned write past EOF: shared, the checks upgrade, drain under X, zero [i_size, pos) through the page cache, then demote to shared. */
    @Test
    void xfsAlignedWritePastEofUpgradesDrainsAndDemotes() {
        Walk w = Walk.of("xfs-dio", "W W", 4096, Operation.aio(8192, 4096), Operation.aio(0, 4096))
                .take("A: lock S, pos > i_size: unlock, restart exclusive (xfs_file_write_checks)")
                .take("A: lock X, drain, queue");
        assertFalse(w.enabled().stream().anyMatch(l -> l.startsWith("B: lock")), "B queues while A holds X: " + w.enabled());
        w.take("A: inode_dio_wait, zero [4096,8192) through the page cache (xfs_zero_eof), xfs_ilock_demote → S");
        assertEquals(Lock.SHARED, w.world().ops().get(0).held());
        assertTrue(w.enabled().stream().anyMatch(l -> l.startsWith("B: lock S")), "shared again: " + w.enabled());
    }

    /**
     * Writer preference: A, a sync shared overwrite, holds S; B, a buffered write, queues for X; C, another shared
     * overwrite, must now queue behind B instead of sharing A's lock; when A unlocks, B goes first.
     */
    @Test
    void onceAWriterWaitsNewReadersQueueBehindIt() {
        Walk w = Walk.of("ext4-base", "W W", 8192, Operation.dio(4096, 4096), Operation.buffered(0, 512, false),
                Operation.dio(0, 4096)).take("A: lock S, wait").take("B: wait for X");
        assertTrue(w.enabled().contains("C: wait for S (rwsem)"), w.enabled().toString());
        assertFalse(w.enabled().stream().anyMatch(l -> l.startsWith("C: lock")), w.enabled().toString());
        w.take("C: wait for S").take("A: submit").all("A: bio done").take("A: end_io").take("A: inode_dio_end")
                .take("A: return, unlock S");
        assertEquals(List.of("B: woken: lock X (ext4_buffered_write_iter)"), w.enabled());
    }

    /** Without a queued writer, readers share: C takes S beside A. */
    @Test
    void readersShareWhenNoWriterWaits() {
        Walk w = Walk.of("ext4-base", "W W", 8192, Operation.dio(4096, 4096), Operation.buffered(0, 512, false),
                Operation.dio(0, 4096)).take("A: lock S, wait");
        assertTrue(w.enabled().contains("C: lock S, wait (ext4_dio_write_iter)"), w.enabled().toString());
    }
}

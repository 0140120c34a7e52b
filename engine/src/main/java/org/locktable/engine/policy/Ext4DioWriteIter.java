package org.locktable.engine.policy;

import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.BlockState;

/**
 * fs/ext4/file.c: {@code ext4_dio_write_iter()}, v6.5 .. v7.x. The three
 * policies built on it differ only in {@code ext4_dio_write_checks()}.
 */
abstract class Ext4DioWriteIter extends Ext4FileWriteIter {
    /** {@code ext4_dio_write_checks()}: settles the lock; false when it returned an error (NOWAIT). */
    abstract boolean dioWriteChecks(DecisionBuilder b, Ext4DioState s);

    /** {@code ext4_dio_write_iter()}. */
    @Override
    final void directWrite(DecisionBuilder b) {
        // Quick check without the lock: an extending write starts exclusive.
        boolean ilockShared = !(b.end > b.inode.size());
        b.trace("ext4_dio_write_iter", ilockShared ? "offset + count <= i_size -> inode_lock_shared"
                : "offset + count > i_size -> inode_lock");
        if (ilockShared) {
            b.lockShared();
        } else {
            b.lockExclusive();
        }
        if (!b.inode.dioSupported()) {
            Ext4BufferedBh.dioFallback(b, "!ext4_should_use_dio()");
            return;
        }
        Ext4DioState s = new Ext4DioState();
        if (!dioWriteChecks(b, s) || !FileRemovePrivs.run(b, "ext4_dio_write_checks", FileRemovePrivs.Call.FILE_MODIFIED,
                FileRemovePrivs.KillRule.SETATTR_SHOULD_DROP_SUIDGID)) {
            return;
        }
        if (s.extend) {
            b.tx(TxKind.ORPHAN);
        }
        iomapDioRw(b, s.extend, Ext4IomapBegin.V7_0, TxKind.SIZE_AT_COMPLETION);
    }

    /**
     * The shared-lock upgrade of {@code ext4_dio_write_checks()}: NOWAIT returns -EAGAIN, otherwise
     * unlock, take the lock exclusive and {@code goto restart}. Returns false for -EAGAIN.
     */
    static boolean upgradeOrEagain(DecisionBuilder b, String why) {
        if (b.req.nowait()) {
            b.eagain("ext4_dio_write_checks", why, " needs the exclusive lock under IOCB_NOWAIT");
            return false;
        }
        b.trace("ext4_dio_write_checks", why, " -> upgrade to exclusive, restart");
        b.unlock();
        b.lockExclusive();
        b.retry(Retry.CHECKS_RESTART);
        return true;
    }

    /** The exclusive tail of the checks: NOWAIT -EAGAIN, else drain if asked and set IOMAP_DIO_FORCE_WAIT. */
    static boolean exclusiveWaitOrEagain(DecisionBuilder b, boolean drain, String why) {
        if (b.req.nowait()) {
            b.eagain("ext4_dio_write_checks", why, " under the exclusive lock with IOCB_NOWAIT");
            return false;
        }
        if (drain) {
            b.drain(org.locktable.engine.decision.DrainReason.UNALIGNED);
            b.trace("ext4_dio_write_checks", why, " -> inode_dio_wait, IOMAP_DIO_FORCE_WAIT");
        } else {
            b.trace("ext4_dio_write_checks", why, " -> IOMAP_DIO_FORCE_WAIT");
        }
        b.forceWait();
        return true;
    }

    /**
     * {@code iomap_dio_rw(iocb, from, iomap_ops, ...)} with {@code begin} as the iomap_ops' {@code iomap_begin};
     * an extending write's size update is {@code sizeTx} (at completion in current kernels; after {@code iomap_dio_rw}
     * returned, under the lock, in older ones).
     */
    static void iomapDioRw(DecisionBuilder b, boolean extend, IomapBegin begin, TxKind sizeTx) {
        if (dirtyPagesUnderNowait(b)) {
            return;
        }
        if (b.lbsInvalid || b.memInvalid) {
            b.fail(Result.EINVAL, "iomap_dio_bio_iter", b.lbsInvalid
                    ? "(pos | len) not aligned to the logical block size " + b.inode.logicalBlockSize()
                    : "user buffer below the device's DMA alignment " + b.inode.dmaAlignment());
            return;
        }
        if (b.req.nowait() && b.layout.anyIn(b.firstBlk, b.lastBlk, BlockState.HOLE)) {
            b.mayBlock("ext4_iomap_begin ignores IOMAP_NOWAIT: ext4_iomap_alloc starts a journal handle for the hole");
        }
        b.markSubmitted();
        if (!b.full()) {
            return;
        }
        IomapDio.Submission sub = IomapDio.submit(b, begin, flushed(b), b.pos, b.end);
        if (sub.transactions() > 0) {
            b.tx(Tx.counted(TxKind.MAP_BLOCKS, sub.transactions()));
        }
        if (sub.anyUnwritten()) {
            b.tx(TxKind.CONVERT);
        }
        if (extend) {
            b.tx(sizeTx);
        }
    }

    /**
     * {@code __iomap_dio_rw}: under IOCB_NOWAIT a range with dirty page cache (delalloc blocks) returns -EAGAIN
     * ({@code filemap_range_needs_writeback}). Returns true when it did.
     */
    static boolean dirtyPagesUnderNowait(DecisionBuilder b) {
        if (b.req.nowait() && b.layout.anyIn(b.firstBlk, b.lastBlk, BlockState.DELALLOC)) {
            b.eagain("__iomap_dio_rw", "delalloc blocks in the range: filemap_range_needs_writeback()");
            return true;
        }
        return false;
    }

    /** The map after {@code kiocb_invalidate_pages} wrote the delalloc blocks of the range back. */
    static org.locktable.engine.model.Layout flushed(DecisionBuilder b) {
        return b.layout.flushDelalloc(b.firstBlk, b.lastBlk);
    }
}

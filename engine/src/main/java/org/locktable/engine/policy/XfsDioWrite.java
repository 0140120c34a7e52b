package org.locktable.engine.policy;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Layout;

/**
 * fs/xfs/xfs_file.c: {@code xfs_file_dio_write()}, {@code xfs_file_dio_write_aligned()} and
 * {@code xfs_file_dio_write_unaligned()} (v5.12+, ed1128c2d0c8), with the unaligned path's pre-lock test as a hook
 * ({@link #unalignedNeedsExclusive}). A policy extending it and overriding nothing is mainline XFS ({@code xfs-dio}).
 * Aligned writes run shared (exclusive only transiently for EOF zeroing or privilege stripping); unaligned writes try
 * shared with {@code IOMAP_DIO_OVERWRITE_ONLY} and retry exclusive (drain + FORCE_WAIT) when the DIO layer says -EAGAIN.
 */
public abstract class XfsDioWrite extends XfsFileWriteIter {
    @Override
    protected void directWrite(DecisionBuilder b) {
        if (b.lbsInvalid) {
            b.fail(Result.EINVAL, "xfs_file_dio_write", "(pos | count) & bt_logical_sectormask (" + b.inode.logicalBlockSize()
                    + "-byte sectors), before locking");
            return;
        }
        if (b.fsUnaligned) {
            dioWriteUnaligned(b);
        } else {
            dioWriteAligned(b, XfsKernel.SINCE_V5_12);
        }
    }

    /**
     * The unaligned path's test before it locks, on the i_size read then: {@code pos > isize || pos + count >= isize}
     * (the write may zero the EOF block or extend): exclusive, drained and waited from the start.
     */
    protected boolean unalignedNeedsExclusive(DecisionBuilder b, long isize) {
        return b.pos > isize || b.end >= isize;
    }

    /**
     * Whether the unaligned path, once it holds IOLOCK_SHARED, tests {@code pos + count >= i_size} again on the i_size
     * it can now trust, and retries exclusive if the write has come to end at or beyond EOF (a truncate shrank the file
     * after the test before the lock). Mainline does not (the XFS truncate race of generated-docs/history.md); a
     * candidate fix does.
     */
    protected boolean unalignedRechecksUnderLock() {
        return false;
    }

    /**
     * {@code xfs_file_dio_write_aligned()}; for {@link XfsKernel#V5_11} the aligned branch of
     * {@code xfs_file_dio_aio_write()}, the same steps with the checks blocking under NOWAIT.
     */
    public static void dioWriteAligned(DecisionBuilder b, XfsKernel kernel) {
        b.lockShared();
        b.trace(kernel.alignedWrite, "block-aligned -> IOLOCK_SHARED");
        if (!XfsWriteChecks.run(b, kernel)) {
            return;
        }
        if (!b.shared()) {
            b.demote();
            b.trace(kernel.alignedWrite, "xfs_ilock_demote: IOLOCK_EXCL -> IOLOCK_SHARED for the I/O");
        }
        iomapDioRw(b, false);
    }

    /** {@code xfs_file_dio_write_unaligned()}. */
    private void dioWriteUnaligned(DecisionBuilder b) {
        boolean exclusive = b.restarted() || unalignedNeedsExclusive(b, b.preLockSize());
        if (exclusive) {
            if (b.req.nowait()) {
                b.eagain("xfs_file_dio_write_unaligned", "unaligned write ending at or beyond EOF under IOCB_NOWAIT, "
                        + "before locking");
                return;
            }
            b.trace("xfs_file_dio_write_unaligned", "pos > isize || pos + count >= isize -> IOLOCK_EXCL, FORCE_WAIT");
        }
        while (true) { // retry_exclusive:
            if (exclusive) {
                b.lockExclusive();
            } else {
                b.lockShared();
                b.trace("xfs_file_dio_write_unaligned", "IOLOCK_SHARED, IOMAP_DIO_OVERWRITE_ONLY");
            }
            if (!XfsWriteChecks.run(b, XfsKernel.SINCE_V5_12)) {
                return;
            }
            if (!exclusive && b.shared() && unalignedRechecksUnderLock() && unalignedNeedsExclusive(b, b.inode.size())) {
                if (b.req.nowait()) {
                    b.eagain("xfs_file_dio_write_unaligned", "i_size under the lock: the write ends at or beyond EOF "
                            + "under IOCB_NOWAIT");
                    return;
                }
                b.trace("xfs_file_dio_write_unaligned", "i_size re-read under IOLOCK_SHARED: the write now ends at or "
                        + "beyond EOF -> unlock, retry exclusive");
                b.unlock();
                b.retry(Retry.CHECKS_RESTART);
                exclusive = true;
                continue;
            }
            if (exclusive) {
                b.drain(DrainReason.UNALIGNED);
                b.forceWait();
                b.trace("xfs_file_dio_write_unaligned", "exclusive unaligned I/O -> inode_dio_wait");
                iomapDioRw(b, false);
                return;
            }
            Layout layout = Ext4DioWriteIter.flushed(b);
            XfsIomapBegin.ProbeFailure failure = XfsIomapBegin.probeFailure(b, layout, true);
            if (failure == null) {
                // the kernel keeps IOMAP_DIO_OVERWRITE_ONLY (no drain, no FORCE_WAIT) whichever lock
                // xfs_file_write_checks left it holding: a set-uid file's checks took IOLOCK_EXCL
                b.trace("xfs_direct_write_iomap_begin", "one written record covers the range -> overwrite-only "
                        + "unaligned I/O under " + (b.shared() ? "IOLOCK_SHARED" : "IOLOCK_EXCL (from the checks)"));
                iomapDioRw(b, true);
                return;
            }
            if (b.req.nowait()) {
                b.eagain("xfs_direct_write_iomap_begin", failure.text);
                return;
            }
            b.trace("xfs_direct_write_iomap_begin", failure.text, " -> -EAGAIN, retry exclusive");
            b.unlock();
            b.retry(Retry.DIO_EAGAIN_RETRY);
            exclusive = true;
        }
    }

    /**
     * {@code iomap_dio_rw()} with {@code xfs_direct_write_iomap_ops}. {@code probed}: the OVERWRITE_ONLY probe
     * already ran. Under NOWAIT the first {@code iomap_begin} refuses holes and ranges not covered by one record.
     */
    public static void iomapDioRw(DecisionBuilder b, boolean probed) {
        if (Ext4DioWriteIter.dirtyPagesUnderNowait(b)) {
            return;
        }
        Layout layout = Ext4DioWriteIter.flushed(b);
        if (b.req.nowait() && !probed) {
            XfsIomapBegin.ProbeFailure failure = XfsIomapBegin.probeFailure(b, layout, false);
            if (failure != null) {
                b.eagain("xfs_direct_write_iomap_begin", "IOMAP_NOWAIT: ", failure.text);
                return;
            }
        }
        if (b.memInvalid) {
            b.fail(Result.EINVAL, "iomap_dio_bio_iter", "user buffer below the device's DMA alignment");
            return;
        }
        b.markSubmitted();
        if (!b.full()) {
            return;
        }
        IomapDio.Submission sub = IomapDio.submit(b, XfsIomapBegin.INSTANCE, layout, b.pos, b.end);
        xfsTransactions(b, sub, b.end > b.inode.size());
    }

    public static void xfsTransactions(DecisionBuilder b, IomapDio.Submission sub, boolean extending) {
        if (sub.transactions() > 0) {
            b.tx(Tx.counted(TxKind.ALLOCATE, sub.transactions()));
        }
        if (sub.anyUnwritten()) {
            b.tx(TxKind.CONVERT);
        } else if (extending) {
            b.tx(TxKind.SIZE_AT_COMPLETION);
        }
    }

}

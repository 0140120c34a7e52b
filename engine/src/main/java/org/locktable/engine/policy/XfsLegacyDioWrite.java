package org.locktable.engine.policy;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Layout;

/**
 * fs/xfs/xfs_file.c before v5.1: {@code xfs_file_aio_write()} (v2.6.36, one function) and
 * {@code xfs_file_dio_aio_write()} with {@code xfs_file_aio_write_checks()} (v2.6.38 .. v5.0), on fs/direct-io.c until
 * v4.10 and {@code iomap_dio_rw()} after. The rules that changed between those kernels are the components of
 * {@link #era()}; a policy of one era returns its constant. Aligned writes run under IOLOCK_SHARED, demoted to it after
 * any exclusive step; an unaligned write (from v2.6.38) keeps IOLOCK_EXCL and drains in-flight direct I/O before it
 * submits, but nothing waits for it to complete before the lock is dropped (2032a8a27b5c added that in v5.1).
 */
public abstract class XfsLegacyDioWrite extends XfsFileWriteIter {
    /** This kernel's rules. */
    protected abstract XfsDioEra era();

    @Override
    public LockSteps lockSteps() {
        return LockSteps.XFS_FILE_AIO_WRITE;
    }

    /** Every era before v5.1 sized a fallocate before draining (249bd9087a52 came in v5.5). */
    @Override
    public InodeOps inodeOps() {
        return new InodeOps(true);
    }

    @Override
    public DioEndIo endIo() {
        return era().endIo();
    }

    @Override
    protected void directWrite(DecisionBuilder b) {
        XfsDioEra era = era();
        String fn = era.legacyEngine() ? "xfs_file_aio_write" : "xfs_file_dio_aio_write";
        if (b.req.nowait() && !era.nowait()) {
            b.fail(Result.EOPNOTSUPP, "vfs_writev", "RWF_NOWAIT is unknown before v4.13");
            return;
        }
        if (b.lbsInvalid) {
            b.fail(Result.EINVAL, fn, "(pos | count) not aligned to the " + b.inode.logicalBlockSize()
                    + "-byte sectors, before locking");
            return;
        }
        boolean unalignedIo = era.serialisesUnaligned() && b.fsUnaligned;
        boolean pageCache = era.pageCacheForcesExclusive()
                && b.layout.anyIn(0, b.layout.blocks() - 1, BlockState.DELALLOC);
        boolean beyondEof = era.lockChoiceReadsSizeBeforeLock() && b.pos > b.preLockSize();
        if (b.restarted() || unalignedIo || pageCache || beyondEof) {
            b.lockExclusive();
            b.trace(fn, (unalignedIo ? "unaligned I/O" : pageCache ? "mapping->nrpages" : b.restarted() ? "restart"
                    : "pos > i_size (read before locking)") + " -> IOLOCK_EXCL");
        } else {
            b.lockShared();
            b.trace(fn, "IOLOCK_SHARED");
        }
        if (!writeChecks(b, era)) {
            return;
        }
        Layout layout = b.layout;
        if (pageCache) {
            layout = b.layout.flushDelalloc(0, b.layout.blocks() - 1);
            b.trace(fn, "xfs_flushinval_pages: the page cache written back and invalidated under IOLOCK_EXCL");
        }
        if (unalignedIo) {
            if (b.req.nowait()) {
                b.trace(fn, "unaligned under IOCB_NOWAIT: -EAGAIN only while other direct I/O is in flight");
            } else {
                b.drain(DrainReason.UNALIGNED);
                b.trace(fn, "unaligned I/O -> " + (era.legacyEngine() ? "xfs_ioend_wait / inode_dio_wait" : "inode_dio_wait")
                        + " before submission; nothing waits after it");
            }
        } else if (!b.shared()) {
            b.demote();
            b.trace(fn, "xfs_ilock_demote: IOLOCK_EXCL -> IOLOCK_SHARED for the I/O");
        }
        if (!era.asyncExtend() && b.req.async() && b.end > b.inode.size()) {
            b.forceWait();
            b.trace("__blockdev_direct_IO", "an AIO write ending beyond i_size runs synchronously (dio->is_async = 0)");
        }
        if (b.memInvalid) {
            b.fail(Result.EINVAL, era.zeroing().function, "user buffer below the device's DMA alignment");
            return;
        }
        b.markSubmitted();
        if (!b.full()) {
            return;
        }
        IomapDio.Submission sub = IomapDio.submit(b, XfsIomapBegin.INSTANCE, layout, b.pos, b.end, era.zeroing());
        XfsDioWrite.xfsTransactions(b, sub, b.end > b.inode.size());
    }

    /**
     * {@code xfs_file_aio_write_checks()} (inline in v2.6.36's {@code xfs_file_aio_write()}): the EOF zeroing of
     * {@code [i_size, pos)} through the page cache, with the relock, the drain and the privilege step of the era.
     * Returns false when the write was refused.
     */
    private static boolean writeChecks(DecisionBuilder b, XfsDioEra era) {
        boolean drainedDio = false;
        while (true) { // restart:
            if (era.nosecUpgrade() && b.shared() && !b.inode.nosec()) {
                b.unlock();
                b.lockExclusive();
                b.trace("xfs_file_aio_write_checks", "!IS_NOSEC with IOLOCK_SHARED -> IOLOCK_EXCL, restart");
                continue;
            }
            if (b.pos > b.inode.size()) {
                if (era.relocksForEofZeroing() && b.shared()) {
                    b.unlock();
                    b.lockExclusive();
                    b.trace("xfs_file_aio_write_checks", "pos > i_size with IOLOCK_SHARED -> IOLOCK_EXCL, restart");
                    continue;
                }
                if (era.drainsBeforeEofZeroing() && !drainedDio) {
                    b.drain(DrainReason.EOF_ZEROING);
                    b.trace("xfs_file_aio_write_checks", "pos > i_size -> inode_dio_wait, restart");
                    drainedDio = true;
                    continue;
                }
                if (b.full()) {
                    b.tx(IomapDio.xfsZeroEof(b));
                    b.trace("xfs_file_aio_write_checks", "xfs_zero_eof(i_size=" + b.inode.size() + ", pos=" + b.pos
                            + ") through the page cache" + (b.shared() ? ", under IOLOCK_SHARED" : ""));
                }
            }
            return FileRemovePrivs.run(b, "xfs_file_aio_write_checks", FileRemovePrivs.Call.FILE_MODIFIED,
                    FileRemovePrivs.KillRule.SHOULD_REMOVE_SUID);
        }
    }
}

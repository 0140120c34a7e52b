package org.locktable.engine.policy;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.BlockState;

/**
 * fs/ext4/file.c: {@code ext4_dio_write_iter()} and {@code ext4_dio_write_checks()}, v6.5 .. v7.x, with the checks'
 * tests as named hooks: a policy that extends this class and overrides nothing is mainline ext4 ({@code ext4-base});
 * "ext4-base, except X" overrides the one hook X is about and inherits everything else, the quick check, the restart,
 * the privilege step, the iomap submission with its zeroing and transactions, the buffered path and the lock steps the
 * concurrency oracle replays. A patch that rewrites the checks overrides {@link #dioWriteChecks} whole.
 *
 * <pre>
 * ext4_dio_write_iter:  ilock_shared = !extending(write, i_size_read())           {@link #extending}
 *                       inode_lock / inode_lock_shared
 * ext4_dio_write_checks: restart:
 *                         extend = ext4_extending_io()                          {@link #extendingIo}
 *                         overwrite = ext4_overwrite_io(&amp;unwritten)             {@link #lookUp}
 *                         if (shared &amp;&amp; needs exclusive) upgrade, goto restart {@link #exclusiveReason}
 *                       if (!shared &amp;&amp; (unaligned || extend))                  {@link #waitReason}
 *                         if (unaligned &amp;&amp; (!overwrite || unwritten))          {@link #drains}
 *                           inode_dio_wait
 *                         IOMAP_DIO_FORCE_WAIT
 *                       file_modified(); iomap_dio_rw()
 * </pre>
 */
public abstract class Ext4DioWriteIter extends Ext4FileWriteIter {
    /** {@code ext4_dio_write_iter()}. */
    @Override
    protected final void directWrite(DecisionBuilder b) {
        // Quick check without the lock: an extending write starts exclusive; a restarted one holds it already.
        boolean ilockShared = !b.restarted() && !extending(b, b.preLockSize());
        b.trace("ext4_dio_write_iter", b.restarted() ? "restart: the checks again under inode_lock"
                : ilockShared ? "offset + count <= i_size -> inode_lock_shared" : "offset + count > i_size -> inode_lock");
        if (ilockShared) {
            b.lockShared();
        } else {
            b.lockExclusive();
        }
        if (!b.inode.dioSupported()) {
            Ext4BufferedWrite.dioFallback(b, "!ext4_should_use_dio()");
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
     * {@code ext4_dio_write_checks()}: settles the lock; false when it returned an error (NOWAIT). Mainline's, through
     * the hooks below.
     */
    protected boolean dioWriteChecks(DecisionBuilder b, Ext4DioState s) {
        while (true) { // restart:
            s.unalignedIo = b.ext4Unaligned;
            s.extend = extendingIo(b);
            lookUp(b, s);
            String why = b.shared() ? exclusiveReason(b, s) : null;
            if (why != null) {
                if (!upgradeOrEagain(b, why)) {
                    return false;
                }
                continue;
            }
            break;
        }
        String wait = b.shared() ? null : waitReason(b, s);
        if (wait != null) {
            return exclusiveWaitOrEagain(b, drains(b, s), wait);
        }
        b.trace("ext4_dio_write_checks", b.shared() ? "lock settled: shared" : "lock settled: exclusive");
        return true;
    }

    /**
     * The extending-write test of write {@code b} against an i_size: {@code offset + count > size}.
     * ext4_dio_write_iter's quick check before the lock asks it of the i_size read then ({@code b.preLockSize()});
     * {@link #extendingIo} asks it of i_size under the lock.
     */
    protected boolean extending(DecisionBuilder b, long size) {
        return b.end > size;
    }

    /** {@code ext4_extending_io()}: the write is extending by {@link #extending}, or ends beyond {@code i_disksize}. */
    protected boolean extendingIo(DecisionBuilder b) {
        return extending(b, b.inode.size()) || b.end > b.inode.diskSize();
    }

    /** The extent probes of the checks: {@code ext4_overwrite_io()} into {@code s.overwrite} and {@code s.unwritten}. */
    protected void lookUp(DecisionBuilder b, Ext4DioState s) {
        s.overwrite = Ext4Lookups.overwriteIo(b, s);
    }

    /**
     * The shared-lock test: why the checks cannot keep the shared lock (they upgrade and restart), or null when the
     * shared lock is enough. Mainline: {@code !IS_NOSEC || extend || !overwrite || (unaligned_io && unwritten)}.
     */
    protected String exclusiveReason(DecisionBuilder b, Ext4DioState s) {
        return !b.inode.nosec() ? "!IS_NOSEC" : s.extend ? "extending write" : !s.overwrite ? "not an overwrite"
                : s.unalignedIo && s.unwritten ? "unaligned write to unwritten blocks" : null;
    }

    /**
     * The wait test, under the exclusive lock: why the write must complete before the lock is dropped
     * ({@code IOMAP_DIO_FORCE_WAIT}), or null when it may be queued. Mainline: {@code unaligned_io || extend}.
     */
    protected String waitReason(DecisionBuilder b, Ext4DioState s) {
        return s.unalignedIo ? "unaligned write" : s.extend ? "extending write" : null;
    }

    /**
     * The drain test, for a write {@link #waitReason} waits: must in-flight direct I/O finish first
     * ({@code inode_dio_wait()})? Mainline: {@code unaligned_io && (!overwrite || unwritten)}.
     */
    protected boolean drains(DecisionBuilder b, Ext4DioState s) {
        return s.unalignedIo && (!s.overwrite || s.unwritten);
    }

    /**
     * The shared-lock upgrade of {@code ext4_dio_write_checks()}: NOWAIT returns -EAGAIN, otherwise
     * unlock, take the lock exclusive and {@code goto restart}. Returns false for -EAGAIN.
     */
    public static boolean upgradeOrEagain(DecisionBuilder b, String why) {
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
    public static boolean exclusiveWaitOrEagain(DecisionBuilder b, boolean drain, String why) {
        if (b.req.nowait()) {
            b.eagain("ext4_dio_write_checks", why, " under the exclusive lock with IOCB_NOWAIT");
            return false;
        }
        if (drain) {
            b.drain(DrainReason.UNALIGNED);
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
    public static void iomapDioRw(DecisionBuilder b, boolean extend, IomapBegin begin, TxKind sizeTx) {
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
        transactions(b, sub, extend, sizeTx);
    }

    /**
     * An ext4 direct write's journal work for the cost model: a handle per allocating segment, the unwritten
     * conversion at completion, and the size update {@code sizeTx} of an extending write.
     */
    public static void transactions(DecisionBuilder b, IomapDio.Submission sub, boolean extend, TxKind sizeTx) {
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
    public static boolean dirtyPagesUnderNowait(DecisionBuilder b) {
        if (b.req.nowait() && b.layout.anyIn(b.firstBlk, b.lastBlk, BlockState.DELALLOC)) {
            b.eagain("__iomap_dio_rw", "delalloc blocks in the range: filemap_range_needs_writeback()");
            return true;
        }
        return false;
    }

    /** The map after {@code kiocb_invalidate_pages} wrote the delalloc blocks of the range back. */
    public static org.locktable.engine.model.Layout flushed(DecisionBuilder b) {
        return b.layout.flushDelalloc(b.firstBlk, b.lastBlk);
    }
}

package org.locktable.engine.policy;

import org.locktable.engine.decision.DrainReason;

/**
 * fs/xfs/xfs_file.c: {@code xfs_file_write_checks()} (v5.12+, IOCB_NOWAIT-aware, 354be7e3b2ba) and its
 * predecessor {@code xfs_file_aio_write_checks()} (≤ v5.11, which blocks under NOWAIT); both end in the privilege
 * step ({@link FileRemovePrivs}).
 */
public final class XfsWriteChecks {
    private XfsWriteChecks() {
    }

    /** Returns false when the checks returned -EAGAIN. */
    public static boolean run(DecisionBuilder b, XfsKernel kernel) {
        boolean nowaitAware = kernel.nowaitAware;
        boolean drainedDio = false;
        while (true) { // restart:
            if (b.shared() && !b.inode.nosec()) {
                b.trace(kernel.writeChecks, "!IS_NOSEC with IOLOCK_SHARED -> IOLOCK_EXCL, restart"
                        + (b.req.nowait() && nowaitAware ? " (trylock for IOCB_NOWAIT)" : ""));
                b.unlock();
                b.lockExclusive();
                if (!nowaitAware) {
                    b.mayBlock("xfs_ilock(IOLOCK_EXCL) ignores IOCB_NOWAIT before v5.12");
                }
                continue;
            }
            if (b.pos > b.inode.size()) {
                if (nowaitAware && b.req.nowait()) {
                    b.eagain(kernel.zeroEof, "pos > i_size needs EOF zeroing under IOCB_NOWAIT");
                    return false;
                }
                if (!drainedDio) {
                    if (b.shared()) {
                        b.unlock();
                        b.lockExclusive();
                    }
                    b.drain(DrainReason.EOF_ZEROING);
                    b.trace(kernel.zeroEof, "pos > i_size -> IOLOCK_EXCL, inode_dio_wait, restart");
                    drainedDio = true;
                    continue;
                }
                if (b.full()) {
                    b.tx(IomapDio.xfsZeroEof(b));
                    b.trace(kernel.zeroEof, kernel.zeroRange + "(i_size=" + b.inode.size() + ", pos=" + b.pos + ")");
                }
            }
            return FileRemovePrivs.run(b, kernel.writeChecks, kernel.privsCall, kernel.killRule);
        }
    }
}

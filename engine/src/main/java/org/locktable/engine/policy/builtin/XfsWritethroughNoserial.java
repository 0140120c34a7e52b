package org.locktable.engine.policy.builtin;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.IomapDio;
import org.locktable.engine.policy.LockSteps;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;
import org.locktable.engine.policy.XfsBufferedWrite;
import org.locktable.engine.policy.XfsDioWrite;
import org.locktable.engine.policy.XfsIomapBegin;

/**
 * xfs-writethrough-noserial: Ojaswin Mujoo's RFC v4 RWF_WRITETHROUGH + RWF_NOSERIAL on XFS. The v4 patches
 * were not available: the rules below follow the cover letter and the RFC v1 code (spec §5.9) and are
 * INFERRED — shared unless privileges must be stripped, the write starts beyond EOF (zeroing) or extends
 * {@code i_size} (updated in the write path); the data goes out as a block-aligned DIO of the folios.
 */
// fs/xfs/xfs_file.c: xfs_file_buffered_write() writethrough branch ([RFC PATCH v4 06/13, 10/13], inferred)
@PolicyMetadata(id = "xfs-writethrough-noserial", title = "XFS RWF_WRITETHROUGH + RWF_NOSERIAL (Ojaswin Mujoo, RFC v4)",
        fileSystem = FileSystem.XFS, path = WritePath.WRITETHROUGH_NOSERIAL, kernel = "v7.2-rc1 + [RFC PATCH v4 00/13]",
        status = Status.RFC, seed = Seeds.WRITETHROUGH,
        functions = {"fs/xfs/xfs_file.c: xfs_file_buffered_write (writethrough branch)",
            "fs/iomap/buffered-io.c: writethrough submission through iomap_dio_rw"},
        inferred = {"shared IOLOCK for RWF_WRITETHROUGH|RWF_NOSERIAL",
            "exclusive for !IS_NOSEC, pos > i_size (EOF zeroing, drained) and end > i_size (i_size updated in the write path)",
            "NOWAIT: -EAGAIN where an upgrade is needed, except !IS_NOSEC (trylock)",
            "data submitted as a block-aligned DIO of the folio range: no sub-block zeroing",
            "RWF_NOSERIAL without RWF_WRITETHROUGH: EOPNOTSUPP"},
        summary = "RFC v4 RWF_WRITETHROUGH + RWF_NOSERIAL (seed 002); rules inferred, listed in the catalog")
final class XfsWritethroughNoserial extends Policy {
    /** Direct writes: mainline's {@code xfs_file_dio_write()}. */
    private static final Policy DIRECT = new XfsDio();

    @Override
    public LockSteps lockSteps() {
        return LockSteps.XFS_FILE_DIO_WRITE;
    }

    @Override
    protected void write(DecisionBuilder b) {
        if (b.request().direct()) {
            writeWith(DIRECT, b);
            return;
        }
        if (!b.request().writethrough()) {
            if (b.request().noserial()) {
                b.fail(Result.EOPNOTSUPP, "kiocb_set_rw_flags", "RWF_NOSERIAL is only supported with RWF_WRITETHROUGH [inferred]");
                return;
            }
            XfsBufferedWrite.bufferedWrite(b);
            return;
        }
        if (!b.request().noserial()) {
            b.trace("xfs_file_buffered_write", "RWF_WRITETHROUGH without RWF_NOSERIAL -> the exclusive buffered path");
            XfsBufferedWrite.bufferedWrite(b);
            return;
        }
        b.lockShared();
        b.trace("xfs_file_buffered_write", "RWF_WRITETHROUGH | RWF_NOSERIAL -> IOLOCK_SHARED [inferred]");
        boolean drainedDio = false;
        while (true) { // restart the writethrough checks
            if (b.shared() && !b.inode().nosec()) {
                upgrade(b, "!IS_NOSEC");
                continue;
            }
            if (b.pos() > b.inode().size()) {
                if (b.request().nowait()) {
                    b.eagain("xfs_file_write_zero_eof", "pos > i_size needs EOF zeroing under IOCB_NOWAIT");
                    return;
                }
                if (!drainedDio) {
                    if (b.shared()) {
                        upgrade(b, "pos > i_size");
                    }
                    b.drain(DrainReason.EOF_ZEROING);
                    drainedDio = true;
                    continue;
                }
                if (b.full()) {
                    b.tx(IomapDio.xfsZeroEof(b));
                }
            }
            if (b.shared() && b.end() > b.inode().size()) {
                if (b.request().nowait()) {
                    b.eagain("xfs_file_buffered_write", "extending write needs IOLOCK_EXCL under IOCB_NOWAIT [inferred]");
                    return;
                }
                upgrade(b, "extending write: i_size is updated in the write path [inferred]");
                continue;
            }
            break;
        }
        b.markSubmitted();
        if (!b.full()) {
            return;
        }
        long from = b.pos() & ~b.blockMask();
        long to = ((b.end() - 1) | b.blockMask()) + 1;
        IomapDio.Submission sub = IomapDio.submit(b, XfsIomapBegin.INSTANCE, Ext4DioWriteIter.flushed(b), from, to);
        XfsDioWrite.xfsTransactions(b, sub, false);
        b.trace("iomap_dio_rw", "writethrough submits the block-aligned folio range [" + from + "," + to
                + ") asynchronously: no sub-block zeroing");
    }

    private static void upgrade(DecisionBuilder b, String why) {
        b.trace("xfs_file_buffered_write", why + " -> IOLOCK_EXCL, restart the writethrough checks [inferred]");
        b.unlock();
        b.lockExclusive();
        b.retry(Retry.CHECKS_RESTART);
    }
}

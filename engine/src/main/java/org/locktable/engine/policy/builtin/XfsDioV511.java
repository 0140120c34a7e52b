package org.locktable.engine.policy.builtin;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.InodeOps;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;
import org.locktable.engine.policy.XfsDioWrite;
import org.locktable.engine.policy.XfsFileWriteIter;
import org.locktable.engine.policy.XfsKernel;
import org.locktable.engine.policy.XfsWriteChecks;

/**
 * xfs-dio-v5.11: XFS direct writes before Chinner's "reduce exclusive locking on unaligned dio". Aligned
 * writes as in v5.12 but with blocking checks under NOWAIT; unaligned writes always exclusive, drained and
 * waited, and refused up front under NOWAIT.
 */
// fs/xfs/xfs_file.c: xfs_file_dio_aio_write() (v5.1 .. v5.11; 2032a8a27b5c "xfs: serialize unaligned dio writes against all other dio writes")
@PolicyMetadata(id = "xfs-dio-v5.11", title = "XFS direct write: aligned shared, unaligned exclusive",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v5.5 .. v5.11 (2032a8a27b5c; 249bd9087a52)", status = Status.MERGED,
        seed = Seeds.CHINNER, liveFrom = "5.5", liveUntil = "5.12",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks",
            "fs/xfs/xfs_iomap.c: xfs_direct_write_iomap_begin"},
        summary = "XFS DIO up to v5.11: unaligned writes always exclusive")
class XfsDioV511 extends XfsFileWriteIter {
    /** v5.5 .. v5.11: fallocate drains before it sizes (249bd9087a52); v5.1 .. v5.4 (xfs-dio-v5.1) sized first. */
    @Override
    public InodeOps inodeOps() {
        return InodeOps.TODAY;
    }

    @Override
    protected void directWrite(DecisionBuilder b) {
        if (b.logicalBlockInvalid()) {
            b.fail(Result.EINVAL, "xfs_file_dio_aio_write", "(pos | count) & bt_logical_sectormask, before locking");
            return;
        }
        if (!b.unaligned()) {
            XfsDioWrite.dioWriteAligned(b, XfsKernel.V5_11);
            return;
        }
        if (b.request().nowait()) {
            b.eagain("xfs_file_dio_aio_write", "unaligned dio always waits, bail");
            return;
        }
        b.lockExclusive();
        b.trace("xfs_file_dio_aio_write", "unaligned I/O -> IOLOCK_EXCL");
        if (!XfsWriteChecks.run(b, XfsKernel.V5_11)) {
            return;
        }
        b.drain(DrainReason.UNALIGNED);
        b.forceWait();
        b.trace("xfs_file_dio_aio_write", "unaligned I/O -> inode_dio_wait, wait_for_completion");
        XfsDioWrite.iomapDioRw(b, false);
    }
}

package org.locktable.engine.policy;

import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/**
 * xfs-buffered: XFS buffered writes since v6.0 (async NOWAIT buffered writes, 1aa91d9c9933). Always
 * exclusive; EOF zeroing drains.
 */
// fs/xfs/xfs_file.c: xfs_file_buffered_write() (v6.0+)
@PolicyMetadata(id = "xfs-buffered", title = "XFS buffered write", fileSystem = "xfs", path = WritePath.BUFFERED,
        kernel = "v6.0+ (1aa91d9c9933, NOWAIT buffered writes)", status = Status.MERGED, seed = Seeds.WRITETHROUGH,
        liveFrom = "6.0", functions = "fs/xfs/xfs_file.c: xfs_file_buffered_write, xfs_file_write_checks",
        summary = "XFS buffered writes (v6.0+, NOWAIT accepted)")
final class XfsBuffered extends Policy {
    @Override
    protected void write(DecisionBuilder b) {
        if (refusesRfcFlags(b)) {
            return;
        }
        if (b.req.direct()) {
            XfsDio.dioWrite(b);
            return;
        }
        bufferedWrite(b);
    }

    /** {@code xfs_file_buffered_write()}. */
    static void bufferedWrite(DecisionBuilder b) {
        b.lockExclusive();
        b.trace("xfs_file_buffered_write", "IOLOCK_EXCL" + (b.req.nowait() ? " (trylock for IOCB_NOWAIT)" : ""));
        if (!XfsWriteChecks.run(b, XfsKernel.SINCE_V5_12)) {
            return;
        }
        b.trace("iomap_file_buffered_write", "copy into the page cache under the lock (delalloc)");
    }
}

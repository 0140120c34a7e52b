package org.locktable.engine.policy;

/**
 * xfs-buffered: XFS buffered writes since v6.0 (async NOWAIT buffered writes, 1aa91d9c9933). Always
 * exclusive; EOF zeroing drains.
 */
// fs/xfs/xfs_file.c: xfs_file_buffered_write() (v6.0+)
final class XfsBuffered extends Policy {
    XfsBuffered(PolicyInfo info) {
        super(info);
    }

    @Override
    void write(DecisionBuilder b) {
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
        if (!XfsWriteChecks.run(b, true)) {
            return;
        }
        b.trace("iomap_file_buffered_write", "copy into the page cache under the lock (delalloc)");
    }
}

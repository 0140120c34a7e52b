package org.locktable.engine.policy;

/** fs/xfs/xfs_file.c: {@code xfs_file_buffered_write()} (v6.0+). */
public final class XfsBufferedWrite {
    private XfsBufferedWrite() {
    }

    /** {@code xfs_file_buffered_write()}: IOLOCK_EXCL, the write checks, the copy into the page cache. */
    public static void bufferedWrite(DecisionBuilder b) {
        b.lockExclusive();
        b.trace("xfs_file_buffered_write", "IOLOCK_EXCL" + (b.req.nowait() ? " (trylock for IOCB_NOWAIT)" : ""));
        if (!XfsWriteChecks.run(b, XfsKernel.SINCE_V5_12)) {
            return;
        }
        b.trace("iomap_file_buffered_write", "copy into the page cache under the lock (delalloc)");
    }
}

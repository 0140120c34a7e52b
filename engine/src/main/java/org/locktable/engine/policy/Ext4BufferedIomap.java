package org.locktable.engine.policy;

import org.locktable.engine.decision.Result;

/**
 * ext4-buffered-iomap: Zhang Yi's iomap buffered write path (v5 series, mount option buffered_iomap).
 * The v2 code keeps {@code inode_lock} around the write; the v5 cover letter names no locking change.
 */
// fs/ext4/file.c: ext4_buffered_write_iter() with iomap_file_buffered_write() ([PATCH -next v5], proposed)
final class Ext4BufferedIomap extends Policy {
    Ext4BufferedIomap(PolicyInfo info) {
        super(info);
    }

    @Override
    void write(DecisionBuilder b) {
        if (refusesRfcFlags(b)) {
            return;
        }
        if (b.req.direct()) {
            PolicyCatalog.EXT4_BASE.write(b);
            return;
        }
        if (b.req.nowait()) {
            b.fail(Result.EOPNOTSUPP, "ext4_buffered_write_iter", "IOCB_NOWAIT is not supported for buffered writes");
            return;
        }
        b.lockExclusive();
        b.trace("ext4_buffered_write_iter", "inode_lock (exclusive) -> iomap_file_buffered_write under the lock");
    }
}

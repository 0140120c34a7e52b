package org.locktable.engine.policy.builtin;

import org.locktable.engine.decision.Result;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4BufferedFileWriteIter;
import org.locktable.engine.policy.FileRemovePrivs;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-buffered-iomap: Zhang Yi's iomap buffered write path (v5 series, mount option buffered_iomap).
 * The v2 code keeps {@code inode_lock} around the write; the v5 cover letter names no locking change.
 */
// fs/ext4/file.c: ext4_buffered_write_iter() with iomap_file_buffered_write() ([PATCH -next v5], proposed)
@PolicyMetadata(id = "ext4-buffered-iomap", title = "ext4 buffered write through iomap (Zhang Yi, v5)",
        fileSystem = FileSystem.EXT4, path = WritePath.BUFFERED,
        kernel = "next-20260810 + [PATCH -next v5 00/32], mount -o buffered_iomap", status = Status.PROPOSED,
        seed = Seeds.BUFFERED_IOMAP, functions = "fs/ext4/file.c: ext4_buffered_write_iter (iomap_file_buffered_write)",
        inferred = {"v5 keeps the exclusive inode_lock of v2 (the v5 cover letter names no locking change)",
            "journal handles at write time: none for delalloc"},
        summary = "ext4 buffered writes, Zhang Yi's iomap series (seed 003)")
final class Ext4BufferedIomap extends Ext4BufferedFileWriteIter {
    Ext4BufferedIomap(Policy directWrites) {
        super(directWrites);
    }

    @Override
    protected void bufferedWrite(DecisionBuilder b) {
        if (b.request().nowait()) {
            b.fail(Result.EOPNOTSUPP, "ext4_buffered_write_iter", "IOCB_NOWAIT is not supported for buffered writes");
            return;
        }
        b.lockExclusive();
        FileRemovePrivs.run(b, "ext4_write_checks", FileRemovePrivs.Call.FILE_MODIFIED,
                FileRemovePrivs.KillRule.SETATTR_SHOULD_DROP_SUIDGID);
        b.trace("ext4_buffered_write_iter", "inode_lock (exclusive) -> iomap_file_buffered_write under the lock");
    }
}

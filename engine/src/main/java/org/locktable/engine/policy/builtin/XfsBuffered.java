package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;
import org.locktable.engine.policy.XfsDioWrite;

/**
 * xfs-buffered: XFS buffered writes since v6.0 (async NOWAIT buffered writes, 1aa91d9c9933). Always
 * exclusive; EOF zeroing drains.
 */
// fs/xfs/xfs_file.c: xfs_file_buffered_write() (v6.0+)
@PolicyMetadata(id = "xfs-buffered", title = "XFS buffered write", fileSystem = FileSystem.XFS, path = WritePath.BUFFERED,
        kernel = "v6.0+ (1aa91d9c9933, NOWAIT buffered writes)", status = Status.MERGED, seed = Seeds.WRITETHROUGH,
        liveFrom = "6.0", functions = "fs/xfs/xfs_file.c: xfs_file_buffered_write, xfs_file_write_checks",
        summary = "XFS buffered writes (v6.0+, NOWAIT accepted)")
public final class XfsBuffered extends XfsDioWrite {
    // xfs_file_write_iter(): buffered writes to xfs_file_buffered_write(), direct ones to xfs_file_dio_write(), as
    // XfsDioWrite has them; the tables of this policy enumerate the buffered writes
}

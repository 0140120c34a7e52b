package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.InodeOps;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * xfs-dio-v5.1: the direct write of xfs-dio-v5.11 (2032a8a27b5c: unaligned writes exclusive, drained and waited), with
 * the fallocate of the kernels before 249bd9087a52 ("xfs: properly serialise fallocate against AIO+DIO", v5.5): the new
 * size is computed before any drain and set after it, truncating an extending AIO write that completed in between.
 */
@PolicyMetadata(id = "xfs-dio-v5.1", title = "XFS direct write v5.1 .. v5.4: unaligned waited; fallocate sized before draining",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v5.1 .. <v5.5 (opened by 2032a8a27b5c, v5.1)",
        status = Status.MERGED, liveFrom = "5.1", liveUntil = "5.5",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks, xfs_file_fallocate (v5.1 .. v5.4)"},
        inferred = {"v5.1 and v5.2 returned the unaligned NOWAIT -EAGAIN after taking IOLOCK_EXCL (and leaked it); "
            + "1fdeaea4d92c moved it before locking, as modelled"},
        summary = "XFS direct write v5.1 .. v5.4: unaligned waited; fallocate sized before draining")
final class XfsDioV51 extends XfsDioV511 {
    @Override
    public InodeOps inodeOps() {
        return new InodeOps(true);
    }
}

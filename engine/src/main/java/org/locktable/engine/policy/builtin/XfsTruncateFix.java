package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;
import org.locktable.engine.policy.XfsDioWrite;

/**
 * xfs-isize-fix: mainline XFS with the unaligned path's EOF test repeated under the lock. xfs_file_dio_write_unaligned()
 * decides between the shared overwrite-only path and the exclusive one on an i_size read before it locks; a truncate
 * that shrinks the file in between leaves a write that now ends at EOF on the shared path, where iomap zeroes the
 * tail of its last block beyond EOF without a drain or a wait — over a concurrent extending write's data. Once the
 * shared lock is held, i_size can only grow (truncate takes IOLOCK_EXCL), so testing again there closes the window.
 */
// fs/xfs/xfs_file.c: xfs_file_dio_write_unaligned() + a re-test of pos + count >= i_size after xfs_ilock_iocb_for_write
@PolicyMetadata(id = "xfs-isize-fix", title = "XFS direct write: the unaligned EOF test repeated under the lock",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v7.0 + candidate change (not posted)",
        status = Status.PROPOSED,
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_write_unaligned (candidate change)"},
        diffFrom = "xfs-dio",
        summary = "candidate fix for the XFS truncate race: pos + count >= i_size tested again under IOLOCK_SHARED")
final class XfsTruncateFix extends XfsDioWrite {
    @Override
    protected boolean unalignedRechecksUnderLock() {
        return true;
    }
}

package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.DioEndIo;
import org.locktable.engine.policy.DioZeroing;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;
import org.locktable.engine.policy.XfsDioEra;
import org.locktable.engine.policy.XfsLegacyDioWrite;

/**
 * xfs-dio-v2.6.38: {@code xfs_file_dio_aio_write()} (f0d26e860b6c) with eda77982729b "xfs: serialise unaligned
 * direct IOs": an unaligned write, a file with cached pages or a write starting beyond EOF (on i_size read before
 * locking) takes IOLOCK_EXCL; unaligned writes wait for in-flight ioends ({@code xfs_ioend_wait}) and keep the
 * lock, others demote. Nothing waits for an unaligned AIO write after submission.
 */
@PolicyMetadata(id = "xfs-dio-v2.6.38", title = "XFS direct write v2.6.38 .. v3.0: unaligned exclusive and drained, lock chosen on an unlocked i_size",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v2.6.38 .. <v3.1 (opened by eda77982729b, v2.6.38)",
        status = Status.MERGED, liveFrom = "2.6.38", liveUntil = "3.1",
        functions = {"fs/xfs/linux-2.6/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks (v2.6.38)",
            "fs/direct-io.c: __blockdev_direct_IO, dio_zero_block"},
        inferred = {"xfs_ioend_wait (the ioend count) is modelled as inode_dio_wait: both wait for the in-flight direct writes' completions"},
        summary = "XFS direct write v2.6.38 .. v3.0: unaligned exclusive and drained, lock chosen on an unlocked i_size")
final class XfsDioV2638 extends XfsLegacyDioWrite {
    private static final XfsDioEra ERA = new XfsDioEra(
            true, true, false, false, false, true, false, false, DioZeroing.LEGACY_DIRECT_IO_XFS, DioEndIo.SIZE_THEN_CONVERT);

    @Override
    protected XfsDioEra era() {
        return ERA;
    }
}

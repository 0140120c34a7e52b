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
 * xfs-dio-v4.3: 3136e8bb3054 "xfs: always drain dio before extending aio write submission": the checks take
 * IOLOCK_EXCL and {@code inode_dio_wait} before zeroing [i_size, pos), then restart; a file that is not IS_NOSEC
 * takes IOLOCK_EXCL to strip set-id bits. Still fs/direct-io.c.
 */
@PolicyMetadata(id = "xfs-dio-v4.3", title = "XFS direct write v4.3 .. v4.9: drain before EOF zeroing; set-id stripping exclusive",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v4.3 .. <v4.10 (opened by 3136e8bb3054, v4.3)",
        status = Status.MERGED, liveFrom = "4.3", liveUntil = "4.10",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks (v4.3 .. v4.9)",
            "fs/direct-io.c: do_blockdev_direct_IO, dio_zero_block"},
        inferred = {"the IS_NOSEC upgrade is placed in this era from a v4.7 .. v4.9 copy; its first release was not pinned"},
        summary = "XFS direct write v4.3 .. v4.9: drain before EOF zeroing; set-id stripping exclusive")
final class XfsDioV43 extends XfsLegacyDioWrite {
    private static final XfsDioEra ERA = new XfsDioEra(
            true, false, true, true, true, true, true, false, DioZeroing.LEGACY_DIRECT_IO_XFS, DioEndIo.SIZE_THEN_CONVERT);

    @Override
    protected XfsDioEra era() {
        return ERA;
    }
}

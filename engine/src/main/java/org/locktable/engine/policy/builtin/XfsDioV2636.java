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
 * xfs-dio-v2.6.36: One {@code xfs_file_aio_write()}: IOLOCK_SHARED, relocked exclusive (with i_mutex) when the
 * page cache holds pages or the write starts beyond EOF, demoted for the I/O; nothing serialises unaligned writes,
 * so two sub-block writes into one new block zero each other's halves (fixed by eda77982729b in v2.6.38).
 */
@PolicyMetadata(id = "xfs-dio-v2.6.36", title = "XFS direct write v2.6.36 .. v2.6.37: shared, unaligned writes not serialised",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v2.6.36 .. <v2.6.38 (opened by the era of xfs_file_aio_write before Dave Chinner's split of the direct path (f0d26e860b6c, v2.6.38))",
        status = Status.MERGED, liveFrom = "2.6.36", liveUntil = "2.6.38",
        functions = {"fs/xfs/linux-2.6/xfs_file.c: xfs_file_aio_write (v2.6.36)",
            "fs/xfs/linux-2.6/xfs_aops.c: __xfs_get_blocks, xfs_end_io_direct_write",
            "fs/direct-io.c: __blockdev_direct_IO, dio_zero_block"},
        inferred = {"read from a pre-v2.6.36 copy of xfs_file_aio_write with the same lock steps (the DMAPI hooks removed in between); the i_mutex taken with IOLOCK_EXCL is not modelled: no other modelled operation takes it without IOLOCK_EXCL"},
        summary = "XFS direct write v2.6.36 .. v2.6.37: shared, unaligned writes not serialised")
final class XfsDioV2636 extends XfsLegacyDioWrite {
    private static final XfsDioEra ERA = new XfsDioEra(
            false, false, true, false, false, true, false, false, DioZeroing.LEGACY_DIRECT_IO_XFS, DioEndIo.SIZE_THEN_CONVERT);

    @Override
    protected XfsDioEra era() {
        return ERA;
    }
}

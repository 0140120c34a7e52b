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
 * xfs-dio-v4.14: As v4.13, with ee70daaba82d "xfs: update i_size after unwritten conversion in dio completion": an
 * appending write's new size is set only after its blocks are converted, so a direct read can no longer see the new
 * size over blocks that still read as zeros (xfstests generic/465).
 */
@PolicyMetadata(id = "xfs-dio-v4.14", title = "XFS direct write v4.14 .. v4.19: i_size after the conversion",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v4.14 .. <v4.20 (opened by ee70daaba82d, v4.14)",
        status = Status.MERGED, liveFrom = "4.14", liveUntil = "4.20",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks (v4.14)",
            "fs/iomap.c: iomap_dio_rw, iomap_dio_actor (v4.14)"},
        inferred = {"the checks' blocking steps under IOCB_NOWAIT are not marked as may-block here"},
        summary = "XFS direct write v4.14 .. v4.19: i_size after the conversion")
final class XfsDioV414 extends XfsLegacyDioWrite {
    private static final XfsDioEra ERA = new XfsDioEra(
            true, false, true, true, true, false, true, true, DioZeroing.IOMAP_BEFORE_V4_20, DioEndIo.CONVERT_THEN_SIZE);

    @Override
    protected XfsDioEra era() {
        return ERA;
    }
}

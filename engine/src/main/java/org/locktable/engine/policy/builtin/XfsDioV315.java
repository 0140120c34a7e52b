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
 * xfs-dio-v3.15: As v3.1, but XFS passes {@code DIO_ASYNC_EXTEND} (6039257378e4), so an AIO write ending beyond
 * i_size returns -EIOCBQUEUED and its completion moves i_size later; the EOF zeroing of a later write does not
 * wait for it (3136e8bb3054 added that drain in v4.3).
 */
@PolicyMetadata(id = "xfs-dio-v3.15", title = "XFS direct write v3.15 .. v4.2: extending AIO stays asynchronous; no drain before EOF zeroing",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v3.15 .. <v4.3 (opened by 6039257378e4, v3.15)",
        status = Status.MERGED, liveFrom = "3.15", liveUntil = "4.3",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks (v3.15 .. v4.2)",
            "fs/direct-io.c: do_blockdev_direct_IO (DIO_ASYNC_EXTEND)"},
        inferred = {"the release of 6039257378e4 (DIO_ASYNC_EXTEND) and XFS's use of it is read as v3.15 from the commits' content, not from a tag"},
        summary = "XFS direct write v3.15 .. v4.2: extending AIO stays asynchronous; no drain before EOF zeroing")
final class XfsDioV315 extends XfsLegacyDioWrite {
    private static final XfsDioEra ERA = new XfsDioEra(
            true, false, true, false, false, true, true, false, DioZeroing.LEGACY_DIRECT_IO_XFS, DioEndIo.SIZE_THEN_CONVERT);

    @Override
    protected XfsDioEra era() {
        return ERA;
    }
}

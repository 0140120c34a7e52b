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
 * xfs-dio-v4.13: As v4.10 with RWF_NOWAIT (29a5d29ec181 for XFS): trylocks; an unaligned NOWAIT write gets -EAGAIN
 * only while other direct I/O is in flight (and then returned holding IOLOCK_EXCL, a bug 1fdeaea4d92c fixed).
 */
@PolicyMetadata(id = "xfs-dio-v4.13", title = "XFS direct write v4.13: RWF_NOWAIT",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v4.13 .. <v4.14 (opened by 29a5d29ec181, v4.13)",
        status = Status.MERGED, liveFrom = "4.13", liveUntil = "4.14",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks (v4.14)",
            "fs/iomap.c: iomap_dio_rw, iomap_dio_actor (v4.14)"},
        inferred = {"the checks' blocking steps under IOCB_NOWAIT are not marked as may-block here"},
        summary = "XFS direct write v4.13: RWF_NOWAIT")
final class XfsDioV413 extends XfsLegacyDioWrite {
    private static final XfsDioEra ERA = new XfsDioEra(
            true, false, true, true, true, false, true, true, DioZeroing.IOMAP_BEFORE_V4_20, DioEndIo.SIZE_THEN_CONVERT);

    @Override
    protected XfsDioEra era() {
        return ERA;
    }
}

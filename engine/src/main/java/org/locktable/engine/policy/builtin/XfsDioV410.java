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
 * xfs-dio-v4.10: acdda3aae146 "xfs: use iomap_dio_rw": the direct-I/O engine is iomap (zeroing only unwritten or
 * new blocks), which flushes and invalidates the page cache itself, so a file with cached pages no longer takes
 * IOLOCK_EXCL. Unaligned writes exclusive and drained, not waited.
 */
@PolicyMetadata(id = "xfs-dio-v4.10", title = "XFS direct write v4.10 .. v4.12: iomap_dio_rw; cached pages no longer force the exclusive lock",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v4.10 .. <v4.13 (opened by acdda3aae146, v4.10)",
        status = Status.MERGED, liveFrom = "4.10", liveUntil = "4.13",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks (v4.10)",
            "fs/iomap.c: iomap_dio_rw, iomap_dio_actor (v4.10)"},
        summary = "XFS direct write v4.10 .. v4.12: iomap_dio_rw; cached pages no longer force the exclusive lock")
final class XfsDioV410 extends XfsLegacyDioWrite {
    private static final XfsDioEra ERA = new XfsDioEra(
            true, false, true, true, true, false, true, false, DioZeroing.IOMAP_BEFORE_V4_20, DioEndIo.SIZE_THEN_CONVERT);

    @Override
    protected XfsDioEra era() {
        return ERA;
    }
}

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
 * xfs-dio-v4.20: As v4.13, with b450672fb66b "iomap: sub-block dio needs to zeroout beyond EOF": a write ending at
 * or beyond i_size zeroes the rest of its last block. Unaligned writes are drained before submission but not
 * waited for after it: an aligned write taking IOLOCK_SHARED right after can overlap an unaligned AIO write still
 * in flight (2032a8a27b5c, v5.1).
 */
@PolicyMetadata(id = "xfs-dio-v4.20", title = "XFS direct write v4.20 .. v5.0: iomap zeroes the tail beyond EOF",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v4.20 .. <v5.1 (opened by b450672fb66b, v4.20)",
        status = Status.MERGED, liveFrom = "4.20", liveUntil = "5.1",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks (v4.20 .. v5.0)",
            "fs/iomap.c: iomap_dio_rw, iomap_dio_actor (v4.20)"},
        summary = "XFS direct write v4.20 .. v5.0: iomap zeroes the tail beyond EOF")
final class XfsDioV420 extends XfsLegacyDioWrite {
    private static final XfsDioEra ERA = new XfsDioEra(
            true, false, true, true, true, false, true, true, DioZeroing.IOMAP, DioEndIo.CONVERT_THEN_SIZE);

    @Override
    protected XfsDioEra era() {
        return ERA;
    }
}

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
 * xfs-dio-v3.1: The checks relock exclusive for EOF zeroing ({@code pos > i_size} under the lock, then {@code goto
 * restart}); unaligned writes exclusive and drained ({@code inode_dio_wait}); fs/direct-io.c still runs an AIO
 * write that ends beyond i_size synchronously.
 */
@PolicyMetadata(id = "xfs-dio-v3.1", title = "XFS direct write v3.1 .. v3.14: EOF zeroing relocks in the checks; extending AIO synchronous",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v3.1 .. <v3.15 (opened by 7271d243f9d1 and inode_dio_wait (v3.1))",
        status = Status.MERGED, liveFrom = "3.1", liveUntil = "3.15",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks (v3.4 .. v3.14)",
            "fs/direct-io.c: do_blockdev_direct_IO, dio_zero_block"},
        inferred = {"v3.1 .. v3.3 compared pos with i_new_size (the furthest in-flight write's end) so that adjacent appends stayed shared; 2813d682e8e6 (v3.4) removed i_new_size; the model uses the v3.4 rule for the whole era"},
        summary = "XFS direct write v3.1 .. v3.14: EOF zeroing relocks in the checks; extending AIO synchronous")
final class XfsDioV31 extends XfsLegacyDioWrite {
    private static final XfsDioEra ERA = new XfsDioEra(
            true, false, true, false, false, true, false, false, DioZeroing.LEGACY_DIRECT_IO_XFS, DioEndIo.SIZE_THEN_CONVERT);

    @Override
    protected XfsDioEra era() {
        return ERA;
    }
}

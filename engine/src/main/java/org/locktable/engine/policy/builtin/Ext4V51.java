package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.Ext4DioEra;
import org.locktable.engine.policy.Ext4LegacyDioWrite;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v5.1: 372a03e01853 "ext4: fix data corruption caused by unaligned direct AIO": ext4_unaligned_aio exempts
 * only writes at or beyond round_up(i_size, blocksize), so an unaligned AIO write starting at an unaligned EOF
 * waits too (xfstests generic/538).
 */
@PolicyMetadata(id = "ext4-v5.1", title = "ext4 direct write v5.1: unaligned AIO serialised up to the block-rounded EOF",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v5.1 .. <v5.2 (opened by 372a03e01853, v5.1)",
        status = Status.MERGED, liveFrom = "5.1", liveUntil = "5.2",
        functions = {"fs/ext4/file.c: ext4_file_write_iter, ext4_unaligned_aio (v5.1)",
            "fs/direct-io.c: do_blockdev_direct_IO, dio_zero_block"},
        summary = "ext4 direct write v5.1: unaligned AIO serialised up to the block-rounded EOF")
final class Ext4V51 extends Ext4LegacyDioWrite {
    private static final Ext4DioEra ERA = new Ext4DioEra(true, true, false, true, true);

    @Override
    protected Ext4DioEra era() {
        return ERA;
    }
}

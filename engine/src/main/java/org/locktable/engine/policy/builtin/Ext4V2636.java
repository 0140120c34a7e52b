package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.Ext4DioEra;
import org.locktable.engine.policy.Ext4LegacyDioWrite;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v2.6.36: Every write under i_mutex; nothing waits for another's unwritten conversion, so two unaligned AIO
 * writes into one new block each zero the other's half (dio_zero_block on a block mapped new): the race
 * e9e3bcecf44c fixed.
 */
@PolicyMetadata(id = "ext4-v2.6.36", title = "ext4 direct write v2.6.36 .. v2.6.37: i_mutex, unaligned AIO not serialised",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v2.6.36 .. <v2.6.38 (opened by 4c0425ff68b1 (v2.6.32, ext4_end_io_dio))",
        status = Status.MERGED, liveFrom = "2.6.36", liveUntil = "2.6.38",
        functions = {"fs/ext4/file.c: ext4_file_write (v2.6.36)",
            "fs/ext4/inode.c: ext4_ext_direct_IO, ext4_ind_direct_IO, ext4_end_io_dio (v2.6.36)",
            "fs/direct-io.c: __blockdev_direct_IO, dio_zero_block (v2.6.36)"},
        summary = "ext4 direct write v2.6.36 .. v2.6.37: i_mutex, unaligned AIO not serialised")
final class Ext4V2636 extends Ext4LegacyDioWrite {
    private static final Ext4DioEra ERA = new Ext4DioEra(false, false, false, false, false);

    @Override
    protected Ext4DioEra era() {
        return ERA;
    }
}

package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.Ext4DioEra;
import org.locktable.engine.policy.Ext4LegacyDioWrite;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v5.2: 57a0da28ced8 "ext4: fix data corruption caused by overlapping unaligned and aligned IO": after
 * submitting, an unaligned AIO write waits for its conversion (ext4_unwritten_wait) before dropping i_mutex, so an
 * aligned write cannot overlap its zeroing. The last era on fs/direct-io.c.
 */
@PolicyMetadata(id = "ext4-v5.2", title = "ext4 direct write v5.2 .. v5.4: an unaligned AIO write is waited for before unlocking",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v5.2 .. <v5.5 (opened by 57a0da28ced8, v5.2)",
        status = Status.MERGED, liveFrom = "5.2", liveUntil = "5.5",
        functions = {"fs/ext4/file.c: ext4_file_write_iter, ext4_unaligned_aio, ext4_unwritten_wait (v5.2 .. v5.4)",
            "fs/direct-io.c: do_blockdev_direct_IO, dio_zero_block"},
        summary = "ext4 direct write v5.2 .. v5.4: an unaligned AIO write is waited for before unlocking")
final class Ext4V52 extends Ext4LegacyDioWrite {
    private static final Ext4DioEra ERA = new Ext4DioEra(true, true, true, true, true);

    @Override
    protected Ext4DioEra era() {
        return ERA;
    }
}

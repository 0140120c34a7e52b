package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.Ext4DioEra;
import org.locktable.engine.policy.Ext4LegacyDioWrite;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v2.6.38: e9e3bcecf44c "ext4: serialize unaligned asynchronous DIO": an unaligned AIO write starting below
 * i_size waits for the inode's pending unwritten conversions (ext4_aiodio_wait, under the hashed ext4_aio_mutex)
 * before it submits. Not serialised: a write at or beyond i_size (fixed by 372a03e01853, v5.1), and nothing waits
 * for the unaligned write itself before the next write submits (57a0da28ced8, v5.2).
 */
@PolicyMetadata(id = "ext4-v2.6.38", title = "ext4 direct write v2.6.38 .. v3.5: unaligned AIO below EOF waits for conversions",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v2.6.38 .. <v3.6 (opened by e9e3bcecf44c, v2.6.38)",
        status = Status.MERGED, liveFrom = "2.6.38", liveUntil = "3.6",
        functions = {"fs/ext4/file.c: ext4_file_write, ext4_unaligned_aio, ext4_aiodio_wait (v2.6.38 .. v3.5)",
            "fs/ext4/inode.c: ext4_ext_direct_IO (v2.6.38)",
            "fs/direct-io.c: __blockdev_direct_IO, dio_zero_block"},
        inferred = {"ext4_aiodio_wait waits for pending AIO unwritten conversions, not for every in-flight direct write; it is modelled as inode_dio_wait",
            "ext4_unaligned_aio read i_size before taking i_mutex; the model tests it under the lock"},
        summary = "ext4 direct write v2.6.38 .. v3.5: unaligned AIO below EOF waits for conversions")
final class Ext4V2638 extends Ext4LegacyDioWrite {
    private static final Ext4DioEra ERA = new Ext4DioEra(true, false, false, false, false);

    @Override
    protected Ext4DioEra era() {
        return ERA;
    }
}

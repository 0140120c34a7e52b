package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.Ext4DioEra;
import org.locktable.engine.policy.Ext4LegacyDioWrite;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v4.13: As v3.6, with RWF_NOWAIT (728fbc0e10b7): inode_trylock, and -EAGAIN for an unaligned AIO write and
 * for any write that is not a dioread_nolock overwrite.
 */
@PolicyMetadata(id = "ext4-v4.13", title = "ext4 direct write v4.13 .. v5.0: RWF_NOWAIT for dioread_nolock overwrites only",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v4.13 .. <v5.1 (opened by 728fbc0e10b7, v4.13)",
        status = Status.MERGED, liveFrom = "4.13", liveUntil = "5.1",
        functions = {"fs/ext4/file.c: ext4_file_write_iter, ext4_unaligned_aio, ext4_unwritten_wait (v4.13 .. v5.0)",
            "fs/ext4/inode.c: ext4_direct_IO_write",
            "fs/direct-io.c: do_blockdev_direct_IO, dio_zero_block"},
        summary = "ext4 direct write v4.13 .. v5.0: RWF_NOWAIT for dioread_nolock overwrites only")
final class Ext4V413 extends Ext4LegacyDioWrite {
    private static final Ext4DioEra ERA = new Ext4DioEra(true, false, false, true, true);

    @Override
    protected Ext4DioEra era() {
        return ERA;
    }
}

package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.Ext4DioEra;
import org.locktable.engine.policy.Ext4LegacyDioWrite;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v3.6: As v2.6.38, and with dioread_nolock an aligned overwrite of one written extent inside i_size runs
 * with i_mutex released (ext4_file_dio_write's overwrite flag), counted in i_dio_count so that truncate drains it.
 */
@PolicyMetadata(id = "ext4-v3.6", title = "ext4 direct write v3.6 .. v4.12: dioread_nolock overwrites without i_mutex",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v3.6 .. <v4.13 (opened by 4bd809dbbf17, v3.6)",
        status = Status.MERGED, liveFrom = "3.6", liveUntil = "4.13",
        functions = {"fs/ext4/file.c: ext4_file_dio_write / ext4_file_write_iter, ext4_unaligned_aio, ext4_unwritten_wait (v3.6 .. v4.12)",
            "fs/ext4/inode.c: ext4_ext_direct_IO / ext4_direct_IO_write",
            "fs/direct-io.c: do_blockdev_direct_IO, dio_zero_block"},
        inferred = {"the overwrite's released i_mutex is modelled as a shared hold; the unaligned wait moved after i_mutex in v4.x (not pinned); the sha of the overwrite commit is read from its subject, not verified"},
        summary = "ext4 direct write v3.6 .. v4.12: dioread_nolock overwrites without i_mutex")
final class Ext4V36 extends Ext4LegacyDioWrite {
    private static final Ext4DioEra ERA = new Ext4DioEra(true, false, false, true, false);

    @Override
    protected Ext4DioEra era() {
        return ERA;
    }
}

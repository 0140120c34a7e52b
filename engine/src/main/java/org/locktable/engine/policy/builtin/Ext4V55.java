package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v5.5: the first ext4 direct write on iomap (Matthew Bobrowski's "ext4: move to iomap for direct I/O writes",
 * 378f32bab371): inode_lock exclusive for every write, unaligned AIO below the block-rounded EOF drained, unaligned
 * AIO and extending writes waited ({@code wait_for_completion}); every segment maps with a handle. Jan Kara's overwrite
 * ops (8cd115bdda17, ext4-2019-overwrite) are not in it.
 */
@PolicyMetadata(id = "ext4-v5.5", title = "ext4 direct write v5.5: iomap, always exclusive",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v5.5 .. <v5.6 (opened by 378f32bab371)",
        status = Status.MERGED, liveFrom = "5.5", liveUntil = "5.6",
        functions = {"fs/ext4/file.c: ext4_dio_write_iter, ext4_unaligned_aio (v5.5)",
            "fs/ext4/inode.c: ext4_iomap_begin (v5.5)"},
        inferred = {"the spec's appendix A gives v5.5's decision as ext4-2019-overwrite's; without 8cd115bdda17 no write "
            + "downgrades, which is how this policy reads it"},
        summary = "ext4 direct write v5.5: iomap, always exclusive")
final class Ext4V55 extends Ext4Overwrite2019 {
    @Override
    boolean overwriteOps() {
        return false;
    }
}

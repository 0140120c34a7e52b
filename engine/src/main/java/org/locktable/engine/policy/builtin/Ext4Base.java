package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-base: mainline ext4, v6.5 .. v7.x. Shared only when one allocated record covers the whole range
 * inside {@code i_size}, and the write is aligned or that record is written.
 */
// fs/ext4/file.c: ext4_dio_write_checks() (v7.0; the decision is unchanged since v6.5, 310ee0902b8d)
@PolicyMetadata(id = "ext4-base", title = "ext4 direct write, mainline", fileSystem = FileSystem.EXT4, path = WritePath.DIRECT,
        kernel = "v6.5 .. v7.x (310ee0902b8d; v7.0 iomap_begin)", status = Status.MERGED, seed = Seeds.BAOKUN,
        liveFrom = "6.5",
        functions = {"fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks, ext4_overwrite_io",
            "fs/ext4/inode.c: ext4_iomap_begin, ext4_iomap_alloc"}, diffFrom = {"ext4-2019-overwrite", "ext4-v5.10"},
        summary = "mainline ext4 DIO, v6.5 .. v7.x — the running kernel's ext4")
public final class Ext4Base extends Ext4DioWriteIter {
    // ext4_dio_write_checks() as Ext4DioWriteIter has it: mainline is the skeleton with no hook overridden
}

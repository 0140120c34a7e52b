package org.example.policy;

import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-eof-extending: mainline ext4 (ext4-base), except that a direct write ending exactly at {@code i_size} counts as
 * extending — what if {@code ext4_dio_write_iter()} and {@code ext4_extending_io()} tested {@code offset + count >=
 * i_size}? Such a write then takes the exclusive lock and waits for completion, as one past {@code i_size} does.
 * Everything else — the restart, the privilege step, the iomap submission with its zeroing, the buffered path and the
 * steps the race model replays — is mainline's, inherited from the skeleton.
 */
// fs/ext4/file.c: ext4_dio_write_iter() and ext4_extending_io() with ">=" for ">" in the extending-write test
@PolicyMetadata(id = "ext4-eof-extending", title = "ext4-base, but a direct write ending at i_size is extending",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v7.0 + offset + count >= i_size",
        status = Status.PROPOSED, functions = "fs/ext4/file.c: ext4_dio_write_iter, ext4_extending_io")
public final class Ext4EofExtending extends Ext4DioWriteIter {
    /** The extending-write test: {@code >=} where mainline has {@code >}. */
    @Override
    protected boolean extending(DecisionBuilder b, long size) {
        return b.end() >= size;
    }
}

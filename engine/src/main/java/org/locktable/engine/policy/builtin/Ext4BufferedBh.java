package org.locktable.engine.policy.builtin;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4BufferedFileWriteIter;
import org.locktable.engine.policy.Ext4BufferedWrite;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-buffered-bh: ext4's buffer_head buffered write, v5.5 .. v7.x. Always exclusive; NOWAIT is refused
 * before locking.
 */
// fs/ext4/file.c: ext4_buffered_write_iter() + generic_perform_write(); fs/ext4/inode.c: ext4_da_do_write_end()
@PolicyMetadata(id = "ext4-buffered-bh", title = "ext4 buffered write, buffer_head path", fileSystem = FileSystem.EXT4,
        path = WritePath.BUFFERED, kernel = "v5.5 .. v7.x", status = Status.MERGED, seed = Seeds.BUFFERED_IOMAP,
        liveFrom = "5.5",
        functions = {"fs/ext4/file.c: ext4_buffered_write_iter", "fs/ext4/inode.c: ext4_da_do_write_end"},
        summary = "ext4 buffered writes, buffer_head path (seed 003)")
final class Ext4BufferedBh extends Ext4BufferedFileWriteIter {
    Ext4BufferedBh(Policy directWrites) {
        super(directWrites);
    }

    @Override
    protected void bufferedWrite(DecisionBuilder b) {
        Ext4BufferedWrite.bufferedWriteIter(b, false);
    }
}

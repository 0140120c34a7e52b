package org.example.policies;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.DecisionBuilder.Ext4Map;
import org.locktable.engine.policy.Ext4DioState;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * test-in-block-extension-any-block: {@link Ext4InBlockExtension} without its test that the EOF block is written — an
 * unaligned write extending i_size inside the EOF block keeps the shared lock whatever that block holds, a hole
 * included. For a write into a hole EOF block, whether it ends inside that block (shared) or crosses into the hole past
 * it (exclusive, drained, waited) is then something no fixed condition column sees: `H` i_size=2048 · write 0+2560 and
 * `H` i_size=4096 · write 0+4608 agree on alignment, head, tail, middle, records and EOF. Its table and its diff
 * against ext4-base exited 70 before the condition library; now they add a library column.
 *
 * <p>A first draft of the patch, kept as a fixture: it lets a sub-block write into a hole run under the shared lock.
 */
// fs/ext4/file.c: ext4_dio_write_iter() and ext4_dio_write_checks() with any in-block extension kept shared
@PolicyMetadata(id = "test-in-block-extension-any-block", title = "ext4-base, but an unaligned write extending i_size "
        + "inside the EOF block keeps the shared lock, whatever the block holds", fileSystem = FileSystem.EXT4,
        path = WritePath.DIRECT, kernel = "v7.0 + in-block extension kept shared, first draft", status = Status.PROPOSED,
        functions = "fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks")
public final class Ext4InBlockExtensionAnyBlock extends Ext4DioWriteIter {

    /** The quick check before the lock, as {@link Ext4InBlockExtension}'s. */
    @Override
    protected boolean extending(DecisionBuilder b, long size) {
        return b.end() > (size + b.blockSize() - 1) / b.blockSize() * b.blockSize();
    }

    /** {@code ext4_extending_io()}: mainline's test. */
    @Override
    protected boolean extendingIo(DecisionBuilder b) {
        return b.end() > b.inode().size() || b.end() > b.inode().diskSize();
    }

    @Override
    protected String exclusiveReason(DecisionBuilder b, Ext4DioState s) {
        if (b.inode().nosec() && s.extend && inBlockExtension(b)) {
            b.trace("ext4_dio_write_checks", "extends i_size inside the EOF block -> keep inode_lock_shared");
            return null;
        }
        return super.exclusiveReason(b, s);
    }

    /** Unaligned, past i_size, ends in the block holding i_size, and starts in it or lies in one written record. */
    private static boolean inBlockExtension(DecisionBuilder b) {
        long size = b.inode().size();
        if (!b.ext4Unaligned() || b.end() <= size || size == 0) {
            return false;
        }
        long eofBlock = (size - 1) / b.blockSize();
        if (b.lastBlock() != eofBlock) {
            return false;
        }
        if (b.firstBlock() == eofBlock) {
            return true;
        }
        long blocks = b.lastBlock() - b.firstBlock() + 1;
        Ext4Map map = new Ext4Map(b.firstBlock(), blocks);
        b.ext4MapBlocks(map);
        return map.found == blocks && map.state == BlockState.WRITTEN;
    }
}

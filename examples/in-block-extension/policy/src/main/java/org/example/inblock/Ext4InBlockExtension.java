package org.example.inblock;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4DioState;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-in-block-extension: ext4-base, except that an unaligned direct write that extends i_size but lies within the
 * written block holding i_size keeps the shared lock and is not waited — it allocates nothing, and its end_io updates
 * i_size. The C change is {@code ../ext4-in-block-extension.patch} against Debian's linux-source-6.12.
 */
// fs/ext4/file.c: ext4_dio_write_iter(), ext4_dio_write_checks() with ext4_dio_in_eof_block() (locktable's worked
// example, not a posted patch)
@PolicyMetadata(id = "ext4-in-block-extension",
        title = "ext4-base, but an unaligned write extending i_size within its written EOF block stays shared",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "Debian 6.12.117 + ext4-in-block-extension.patch",
        status = Status.PROPOSED,
        functions = "fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks, ext4_dio_in_eof_block (patched)")
public final class Ext4InBlockExtension extends Ext4DioWriteIter {
    /**
     * {@code ext4_dio_in_eof_block()}: an unaligned write ending beyond {@code size} that starts and ends in the block
     * holding {@code size}. Size only: the quick check before the lock asks it with the i_size it read.
     */
    static boolean inEofBlock(DecisionBuilder b, long size) {
        int bits = Long.numberOfTrailingZeros(b.blockSize());
        return size > 0 && b.end() > size && b.ext4Unaligned()
                && b.pos() >> bits == (size - 1) >> bits && (b.end() - 1) >> bits == (size - 1) >> bits;
    }

    /** {@code ext4_dio_in_written_eof_block()}: {@link #inEofBlock} under the lock, and that block is written. */
    static boolean inWrittenEofBlock(DecisionBuilder b) {
        return inEofBlock(b, b.inode().size()) && b.layout().stateAt(b.firstBlock()) == BlockState.WRITTEN;
    }

    /** The quick check: such a write does not start exclusive. */
    @Override
    protected boolean extending(DecisionBuilder b, long size) {
        return b.end() > size && !inEofBlock(b, size);
    }

    /** {@code *extend = false} for a write within the written EOF block; mainline's test otherwise. */
    @Override
    protected boolean extendingIo(DecisionBuilder b) {
        return !inWrittenEofBlock(b) && (b.end() > b.inode().size() || b.end() > b.inode().diskSize());
    }

    /** {@code *unwritten = false; overwrite = true;} for it; {@code ext4_overwrite_io()} otherwise. */
    @Override
    protected void lookUp(DecisionBuilder b, Ext4DioState s) {
        if (inWrittenEofBlock(b)) {
            s.overwrite = true;
            s.unwritten = false;
            b.trace("ext4_dio_write_checks", "unaligned write extending i_size within its written EOF block -> "
                    + "no allocation, shared lock kept, not waited");
            return;
        }
        super.lookUp(b, s);
    }
}

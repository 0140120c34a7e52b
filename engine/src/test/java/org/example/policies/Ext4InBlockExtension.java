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
 * test-in-block-extension: mainline ext4 (ext4-base), except that an unaligned direct write which extends i_size but
 * ends inside the block that already holds i_size — a written block — keeps the shared lock and is not waited, so it
 * runs beside other direct I/O (whether that is safe is {@code locktable safety}'s question: iomap still zeroes the
 * block's tail past the write). The range before that block must be one written record, or empty (the write starts in
 * the EOF block).
 *
 * <p>The policy of issue 26, written on the skeleton as a user would. Its rule turns on "ends in the EOF block" versus
 * "crosses into the next block". In the standard space the fixed condition columns still tell the two apart (i_size
 * always lies in the layout's last block, so a write crossing out of a written EOF block ends on the hole past the
 * layout, which the tail and records columns see); with a written block past i_size they cannot, and its table adds
 * "ends in EOF block" (TableColumnsTest). {@link Ext4InBlockExtensionAnyBlock}, the same rule without the test that
 * the EOF block is written, is the one whose table and diff exited 70 before the condition library.
 *
 * <pre>
 * ext4_dio_write_iter:   if (offset + count > round_up(i_size_read(inode), i_blocksize(inode)))   {@link #extending}
 *                                ilock_shared = false;
 * ext4_dio_write_checks: extend = ext4_extending_io(inode, offset, count);                      (mainline's)
 *                        if (IS_NOSEC(inode) &amp;&amp; extend &amp;&amp; ext4_in_block_extension(...))       {@link #exclusiveReason}
 *                                keep the shared lock: no upgrade, so no IOMAP_DIO_FORCE_WAIT
 * </pre>
 */
// fs/ext4/file.c: ext4_dio_write_iter() and ext4_dio_write_checks() with an in-block extension kept shared
@PolicyMetadata(id = "test-in-block-extension", title = "ext4-base, but an unaligned write extending i_size inside "
        + "the written EOF block keeps the shared lock", fileSystem = FileSystem.EXT4, path = WritePath.DIRECT,
        kernel = "v7.0 + in-block extension kept shared", status = Status.PROPOSED,
        functions = "fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks")
public final class Ext4InBlockExtension extends Ext4DioWriteIter {

    /**
     * The quick check before the lock: only a write ending past the block i_size is in is surely extending; an
     * in-block extension starts shared, and any other extending write is caught by {@code ext4_extending_io()} under
     * the lock, which upgrades and restarts.
     */
    @Override
    protected boolean extending(DecisionBuilder b, long size) {
        return b.end() > roundUp(size, b.blockSize());
    }

    /** {@code ext4_extending_io()}: mainline's test, {@code offset + count > i_size || > i_disksize}. */
    @Override
    protected boolean extendingIo(DecisionBuilder b) {
        return b.end() > b.inode().size() || b.end() > b.inode().diskSize();
    }

    /** The shared-lock test: mainline's, except that an in-block extension of an IS_NOSEC file keeps the shared lock. */
    @Override
    protected String exclusiveReason(DecisionBuilder b, Ext4DioState s) {
        if (b.inode().nosec() && s.extend && inBlockExtension(b)) {
            b.trace("ext4_dio_write_checks", "extends i_size inside the written EOF block -> keep inode_lock_shared");
            return null;
        }
        return super.exclusiveReason(b, s);
    }

    /**
     * {@code ext4_in_block_extension()}: the write is unaligned, ends past i_size but inside the block that holds
     * i_size, that block is written, and the write either starts in it or lies in one written record.
     */
    private static boolean inBlockExtension(DecisionBuilder b) {
        long size = b.inode().size();
        if (!b.ext4Unaligned() || b.end() <= size || size == 0) {
            return false;
        }
        long eofBlock = (size - 1) / b.blockSize();
        if (b.lastBlock() != eofBlock || b.layout().stateAt(eofBlock) != BlockState.WRITTEN) {
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

    private static long roundUp(long x, long to) {
        return (x + to - 1) / to * to;
    }
}

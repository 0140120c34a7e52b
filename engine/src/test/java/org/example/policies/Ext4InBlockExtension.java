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
 * ext4-in-block-extension: mainline ext4 (ext4-base), except that an unaligned direct write which extends i_size but
 * ends inside the block that already holds i_size — a written block — keeps the shared lock and is not waited: it
 * allocates nothing and zeroes nothing the page cache could see, so the patch lets it run beside other direct I/O. The
 * range before that block must be one written record (or empty: the write starts in the EOF block).
 *
 * <p>A user's policy as issue 26 reported it: its rule turns on "ends in the EOF block" versus "crosses into the next
 * block", which the fixed condition columns cannot tell apart for a write unaligned at one end only.
 *
 * <pre>
 * ext4_dio_write_iter:   if (offset + count > round_up(i_size_read(inode), EXT4_MAX_BLOCK_SIZE))   {@link #extending}
 *                                ilock_shared = false;
 * ext4_dio_write_checks: extend = ext4_extending_io(inode, offset, count);                      (mainline's)
 *                        if (extend &amp;&amp; ext4_in_block_extension(inode, offset, count))           {@link #exclusiveReason}
 *                                keep the shared lock, no IOMAP_DIO_FORCE_WAIT
 * </pre>
 */
// fs/ext4/file.c: ext4_dio_write_iter() and ext4_dio_write_checks() with an in-block extension kept shared
@PolicyMetadata(id = "ext4-in-block-extension", title = "ext4-base, but an unaligned write extending i_size inside "
        + "the written EOF block keeps the shared lock", fileSystem = FileSystem.EXT4, path = WritePath.DIRECT,
        kernel = "v7.0 + in-block extension kept shared", status = Status.PROPOSED,
        functions = "fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks")
public final class Ext4InBlockExtension extends Ext4DioWriteIter {
    /** fs/ext4/ext4.h. */
    private static final long EXT4_MAX_BLOCK_SIZE = 65536;

    /**
     * The quick check before the lock: only a write ending past the largest block i_size could be in is surely
     * extending (the hook is not told the block size); an in-block extension starts shared, and any other extending
     * write is caught by {@code ext4_extending_io()} under the lock, which upgrades and restarts.
     */
    @Override
    protected boolean extending(long end, long size) {
        return end > roundUp(size, EXT4_MAX_BLOCK_SIZE);
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

package org.locktable.engine.policy;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/**
 * ext4-buffered-bh: ext4's buffer_head buffered write, v5.5 .. v7.x. Always exclusive; NOWAIT is refused
 * before locking.
 */
// fs/ext4/file.c: ext4_buffered_write_iter() + generic_perform_write(); fs/ext4/inode.c: ext4_da_do_write_end()
@PolicyMetadata(id = "ext4-buffered-bh", title = "ext4 buffered write, buffer_head path", fileSystem = "ext4",
        path = WritePath.BUFFERED, kernel = "v5.5 .. v7.x", status = Status.MERGED, seed = Seeds.BUFFERED_IOMAP,
        liveFrom = "5.5",
        functions = {"fs/ext4/file.c: ext4_buffered_write_iter", "fs/ext4/inode.c: ext4_da_do_write_end"},
        summary = "ext4 buffered writes, buffer_head path (seed 003)")
final class Ext4BufferedBh extends Ext4BufferedFileWriteIter {
    Ext4BufferedBh(Ext4Base directWrites) {
        super(directWrites);
    }

    @Override
    void bufferedWrite(DecisionBuilder b) {
        bufferedWriteIter(b);
    }

    /** The DIO path cannot serve this inode: drop the lock taken for DIO and go buffered. */
    static void dioFallback(DecisionBuilder b, String why) {
        b.unlock();
        b.trace("ext4_dio_write_iter", why, " -> fall back to buffered I/O");
        bufferedWriteIter(b);
        if (b.result() == Result.OK) {
            b.result(Result.FALLBACK_BUFFERED);
        }
    }

    /** {@code ext4_buffered_write_iter()}, mainline's. */
    static void bufferedWriteIter(DecisionBuilder b) {
        bufferedWriteIter(b, false);
    }

    /**
     * {@code ext4_buffered_write_iter()}; {@code inodeDioWait}: with the {@code inode_dio_wait()} after
     * {@code inode_lock()} that Debian's 6.12.117 has ({@link Ext4BufferedBhDioWait}).
     */
    static void bufferedWriteIter(DecisionBuilder b, boolean inodeDioWait) {
        if (b.req.nowait()) {
            b.fail(Result.EOPNOTSUPP, "ext4_buffered_write_iter", "IOCB_NOWAIT is not supported for buffered writes");
            return;
        }
        b.lockExclusive();
        if (inodeDioWait) {
            b.drain(DrainReason.BUFFERED_WRITE);
            b.trace("ext4_buffered_write_iter", "inode_lock (exclusive), then inode_dio_wait: in-flight direct I/O "
                    + "drained before pages are dirtied");
        }
        FileRemovePrivs.run(b, "ext4_write_checks", FileRemovePrivs.Call.FILE_MODIFIED,
                FileRemovePrivs.KillRule.SETATTR_SHOULD_DROP_SUIDGID);
        b.trace("ext4_buffered_write_iter", "inode_lock (exclusive) -> generic_perform_write under the lock");
        if (b.pos > b.inode.size() || (b.end > b.inode.size() && b.layout.stateAt(b.lastBlk) == BlockState.WRITTEN)) {
            b.tx(TxKind.WRITE_END_HANDLE);
            b.trace("ext4_da_do_write_end", "i_disksize update or zeroing of [i_size, pos) -> journal handle");
        }
    }
}

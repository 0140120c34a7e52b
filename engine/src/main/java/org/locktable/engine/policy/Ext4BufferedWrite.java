package org.locktable.engine.policy;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.BlockState;

/** fs/ext4/file.c: {@code ext4_buffered_write_iter()}, and the direct path's fallback to it. */
public final class Ext4BufferedWrite {
    private Ext4BufferedWrite() {
    }

    /** The DIO path cannot serve this inode: drop the lock taken for DIO and go buffered. */
    public static void dioFallback(DecisionBuilder b, String why) {
        b.unlock();
        b.trace("ext4_dio_write_iter", why, " -> fall back to buffered I/O");
        bufferedWriteIter(b, false);
        if (b.result() == Result.OK) {
            b.result(Result.FALLBACK_BUFFERED);
        }
    }

    /**
     * {@code ext4_buffered_write_iter()} with {@code generic_perform_write()} and {@code ext4_da_do_write_end()};
     * {@code inodeDioWait}: with the {@code inode_dio_wait()} after {@code inode_lock()} that Debian's 6.12.117 has.
     */
    public static void bufferedWriteIter(DecisionBuilder b, boolean inodeDioWait) {
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

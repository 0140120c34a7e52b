package org.locktable.engine.policy;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.TxKind;

/**
 * fs/ext4/file.c before iomap (v2.6.36 .. v5.4): {@code ext4_file_write()} / {@code ext4_file_write_iter()} with
 * {@code ext4_unaligned_aio()}, then {@code ext4_direct_IO()} / {@code ext4_ext_direct_IO()} in fs/ext4/inode.c on
 * fs/direct-io.c. Every write holds {@code i_mutex} exclusive while it submits; what changed between those kernels is
 * {@link #era()}. The lock is dropped when the submission returns: an AIO write's bios, and its unwritten conversion,
 * may still be in flight, which is where every race of these kernels lives.
 */
public abstract class Ext4LegacyDioWrite extends Ext4FileWriteIter {
    /** This kernel's rules. */
    protected abstract Ext4DioEra era();

    /**
     * From v4.9 ("ext4: Allow parallel DIO reads", 16c54688592c) a direct read holds the inode lock shared while it
     * submits; buffered reads take none. Before it a direct read held {@code i_mutex} only around its block lookups
     * ({@code DIO_LOCKING}) and a dioread_nolock read none, with truncate blocking new unlocked reads
     * ({@code ext4_inode_block_unlocked_dio}, 1c9114f9c0f1): the model has neither, so races with reads are refused
     * for the eras before v4.13 (the eras split there, so v4.9 .. v4.12 are refused too).
     */
    @Override
    public ReadLocks readLocks() {
        return era().nowait() ? ReadLocks.of(FileSystem.EXT4) : ReadLocks.notModelled("ext4 before v4.9 read under "
                + "i_mutex for the block lookups only (DIO_LOCKING), or with no lock (dioread_nolock) while truncate "
                + "blocked new unlocked reads; the race model has neither read path yet");
    }

    @Override
    protected void directWrite(DecisionBuilder b) {
        Ext4DioEra era = era();
        String fn = "ext4_file_write_iter";
        if (b.req.nowait() && !era.nowait()) {
            b.fail(Result.EOPNOTSUPP, "vfs_writev", "RWF_NOWAIT is unknown before v4.13");
            return;
        }
        b.lockExclusive();
        b.trace(fn, "inode_lock (i_mutex)" + (b.req.nowait() ? ", trylock for IOCB_NOWAIT" : ""));
        FileRemovePrivs.run(b, "file_remove_suid", FileRemovePrivs.Call.FILE_MODIFIED,
                FileRemovePrivs.KillRule.SHOULD_REMOVE_SUID);
        boolean unalignedAio = era.serialisesUnalignedAio() && b.req.async() && unalignedAio(b, era);
        boolean overwrite = era.overwriteDropsLock() && !unalignedAio && b.inode.dioreadNolock()
                && b.end <= b.inode.size() && !b.ext4Unaligned && Ext4Lookups.overwriteIoV55(b);
        if (b.req.nowait() && !overwrite) {
            b.eagain(fn, unalignedAio ? "unaligned AIO would wait for other direct I/O" : "not a dioread_nolock overwrite",
                    " under IOCB_NOWAIT");
            return;
        }
        if (unalignedAio) {
            b.drain(DrainReason.UNALIGNED);
            b.trace(fn, "unaligned AIO -> ext4_unwritten_wait: pending unwritten conversions finish first");
        }
        if (overwrite) {
            b.downgrade();
            b.trace("ext4_direct_IO", "overwrite with dioread_nolock -> i_mutex released for the submission "
                    + "(modelled as held shared: only the exclusive holders it admits differ)");
        }
        boolean extend = b.end > b.inode.size();
        if (extend) {
            b.tx(TxKind.ORPHAN);
        }
        if (extend && b.req.async()) {
            b.forceWait();
            b.trace("__blockdev_direct_IO", "an AIO write ending beyond i_size runs synchronously (dio->is_async = 0)");
        } else if (unalignedAio && era.unalignedAioWaits()) {
            b.forceWait();
            b.trace(fn, "-EIOCBQUEUED && unaligned_aio -> ext4_unwritten_wait before unlocking");
        }
        if (b.lbsInvalid || b.memInvalid) {
            b.fail(Result.EINVAL, "__blockdev_direct_IO", "request not aligned to the device's logical block or DMA "
                    + "alignment");
            return;
        }
        b.markSubmitted();
        if (!b.full()) {
            return;
        }
        IomapDio.Submission sub = IomapDio.submit(b, Ext4IomapBegin.V5_5, Ext4DioWriteIter.flushed(b), b.pos, b.end,
                DioZeroing.LEGACY_DIRECT_IO);
        Ext4DioWriteIter.transactions(b, sub, extend, TxKind.SIZE_AFTER_DIO);
    }

    /** {@code ext4_unaligned_aio()}: not block-aligned, and not at or beyond EOF (block-rounded from v5.1). */
    private static boolean unalignedAio(DecisionBuilder b, Ext4DioEra era) {
        long eof = era.unalignedBelowRoundedEof() ? (b.inode.size() + b.blockMask) & ~b.blockMask : b.inode.size();
        return b.pos < eof && b.fsUnaligned;
    }
}

package org.locktable.engine.policy.builtin;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4BufferedWrite;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.Ext4FileWriteIter;
import org.locktable.engine.policy.Ext4IomapBegin;
import org.locktable.engine.policy.Ext4Lookups;
import org.locktable.engine.policy.FileRemovePrivs;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.IomapDio;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-2019-overwrite: v5.5 ext4 with Jan Kara's "ext4: Optimize ext4 DIO overwrites". Starts exclusive,
 * downgrades for written overwrites under dioread_nolock, drains only for unaligned AIO, and has no
 * NOWAIT handling beyond the first trylock.
 */
// fs/ext4/file.c: ext4_dio_write_iter() (v5.5 + 8cd115bdda17, Dec 2019)
@PolicyMetadata(id = "ext4-2019-overwrite", title = "ext4 DIO overwrites without a transaction (Jan Kara)",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT,
        kernel = "v5.5 + 8cd115bdda17 (ext4 dev tree, Dec 2019; released in v5.6 with shared-first locking)",
        status = Status.MERGED, seed = Seeds.KARA,
        functions = {"fs/ext4/file.c: ext4_dio_write_iter, ext4_unaligned_aio, ext4_overwrite_io (v5.5)",
            "fs/ext4/inode.c: ext4_iomap_begin, ext4_iomap_overwrite_begin"},
        summary = "v5.5 ext4 + Jan Kara's DIO overwrite optimisation (seed 001)")
class Ext4Overwrite2019 extends Ext4FileWriteIter {
    /** Jan Kara's 8cd115bdda17: a dioread_nolock overwrite downgrades the lock and maps with the overwrite ops. */
    boolean overwriteOps() {
        return true;
    }

    /** {@code ext4_dio_write_iter()}. */
    @Override
    protected void directWrite(DecisionBuilder b) {
        b.lockExclusive();
        b.trace("ext4_dio_write_iter", "inode_lock (exclusive" + (b.request().nowait() ? ", trylock for IOCB_NOWAIT)" : ")"));
        if (!b.inode().dioSupported()) {
            Ext4BufferedWrite.dioFallback(b, "!ext4_dio_supported()");
            return;
        }
        b.mayBlock("v5.5 checks no IOCB_NOWAIT after the trylock");
        FileRemovePrivs.run(b, "ext4_write_checks", FileRemovePrivs.Call.FILE_MODIFIED,
                FileRemovePrivs.KillRule.SHOULD_REMOVE_SUID);

        boolean unalignedAio = b.request().async() && unalignedAio(b);
        if (unalignedAio) {
            b.drain(DrainReason.UNALIGNED);
            b.trace("ext4_dio_write_iter", "unaligned AIO -> inode_dio_wait");
        }
        boolean overwrite = false;
        if (overwriteOps() && !unalignedAio && Ext4Lookups.overwriteIoV55(b) && b.inode().dioreadNolock()) {
            overwrite = true;
            b.downgrade();
            b.trace("ext4_dio_write_iter", "overwrite with dioread_nolock -> ext4_iomap_overwrite_ops, downgrade_write");
        }
        boolean extend = b.end() > b.inode().diskSize();
        if (extend) {
            b.tx(TxKind.ORPHAN);
        }
        if (unalignedAio || extend) {
            b.forceWait();
            b.trace("iomap_dio_rw", "wait_for_completion = is_sync_kiocb || unaligned_aio || extend -> "
                    + (unalignedAio ? "unaligned AIO" : "extending"));
        }
        if (Ext4DioWriteIter.dirtyPagesUnderNowait(b)) {
            return;
        }
        if (b.logicalBlockInvalid() || b.dmaInvalid()) {
            b.fail(Result.EINVAL, "iomap_dio_bio_iter", "request not aligned to the device's logical block or DMA alignment");
            return;
        }
        b.markSubmitted();
        if (!b.full()) {
            return;
        }
        IomapDio.Submission sub = IomapDio.submit(b, overwrite ? Ext4IomapBegin.OVERWRITE : Ext4IomapBegin.V5_5,
                Ext4DioWriteIter.flushed(b), b.pos(), b.end());
        Ext4DioWriteIter.transactions(b, sub, extend, TxKind.SIZE_AFTER_DIO);
    }

    /** {@code ext4_unaligned_aio()}: unaligned, not at or beyond the block-rounded EOF, extent-mapped inode. */
    private static boolean unalignedAio(DecisionBuilder b) {
        long alignedSize = (b.inode().size() + b.blockMask()) & ~b.blockMask();
        return b.pos() < alignedSize && b.ext4Unaligned();
    }
}

package org.locktable.engine.policy.builtin;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4BufferedWrite;
import org.locktable.engine.policy.Ext4DioState;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.Ext4FileWriteIter;
import org.locktable.engine.policy.Ext4IomapBegin;
import org.locktable.engine.policy.Ext4Lookups;
import org.locktable.engine.policy.FileRemovePrivs;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v5.10: ext4 direct writes in v5.10 .. v6.3, the LTS kernels 5.10, 5.15 and 6.1. Shared-first locking
 * (v5.6), but an unaligned write starts exclusive, drains in-flight DIO and waits for completion; shared only
 * for an aligned overwrite of written blocks inside {@code i_size}. Under IOCB_NOWAIT every write that would
 * need the exclusive lock gets -EAGAIN (v5.8).
 */
// fs/ext4/file.c: ext4_dio_write_iter(), ext4_dio_write_checks(), ext4_overwrite_io() (v5.10 .. v6.3)
@PolicyMetadata(id = "ext4-v5.10",
        title = "ext4 direct write, LTS 5.10 / 5.15 / 6.1: shared only for aligned written overwrites",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT,
        kernel = "v5.10 .. v6.3 (shared-first locking of v5.6, NOWAIT -EAGAIN of v5.8, 9faac62d4013)",
        status = Status.MERGED, seed = Seeds.BAOKUN, liveFrom = "5.10", liveUntil = "6.4",
        functions = {"fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks, ext4_overwrite_io (v5.10)",
            "fs/ext4/inode.c: ext4_iomap_begin, ext4_iomap_alloc (v5.10)"},
        inferred = "ext4_iomap_alloc below i_size uses IO_CREATE_EXT and tags a split unwritten extent new, as read in "
            + "v5.5; the v5.10 source was not re-read for that flag",
        summary = "ext4 DIO v5.10 .. v6.3, the LTS kernels 5.10, 5.15 and 6.1: unaligned writes always exclusive, drained "
            + "and waited (spec appendix A; graded on Debian 5.10 and 6.1 under QEMU: generated-docs/kernels.md)")
class Ext4V510 extends Ext4FileWriteIter {
    /**
     * Whether IOCB_NOWAIT gets -EAGAIN where ext4_dio_write_checks would upgrade the lock (v5.9, Jan Kara "Do not
     * block RWF_NOWAIT dio write on unallocated space"); v5.6 .. v5.8 upgrade with a blocking inode_lock.
     */
    boolean nowaitRefuses() {
        return true;
    }

    /** The iomap_begin of a write under the exclusive lock: v5.10's skips the handle for written blocks (9faac62d4013). */
    Ext4IomapBegin exclusiveBegin() {
        return Ext4IomapBegin.V5_10;
    }

    /**
     * Whether the shared lock survives the checks for this overwrite: one written record (v5.5's
     * {@code ext4_overwrite_io}); v6.4 accepts one unwritten record too.
     */
    boolean sharedOverwrite(DecisionBuilder b, Ext4DioState s) {
        return Ext4Lookups.overwriteIoV55(b);
    }

    /** {@code ext4_dio_write_iter()}. */
    @Override
    protected void directWrite(DecisionBuilder b) {
        boolean unalignedIo = b.ext4Unaligned();
        // We initially start with shared inode lock unless it is unaligned IO or the quick check sees an extension.
        boolean ilockShared = !b.restarted() && !unalignedIo && !(b.end() > b.preLockSize());
        b.trace("ext4_dio_write_iter", b.restarted() ? "restart: the checks again under inode_lock"
                : unalignedIo ? "unaligned IO -> inode_lock"
                : ilockShared ? "offset + count <= i_size -> inode_lock_shared" : "offset + count > i_size -> inode_lock");
        if (ilockShared) {
            b.lockShared();
        } else {
            b.lockExclusive();
        }
        if (!b.inode().dioSupported()) {
            Ext4BufferedWrite.dioFallback(b, "!ext4_dio_supported()");
            return;
        }
        Ext4DioState s = new Ext4DioState();
        if (!dioWriteChecks(b, s)) {
            return;
        }
        if (b.request().nowait() && (unalignedIo || s.extend)) {
            b.eagain("ext4_dio_write_iter", unalignedIo ? "unaligned IO" : "extending write",
                    " would block under IOCB_NOWAIT");
            return;
        }
        if (unalignedIo) {
            b.drain(DrainReason.UNALIGNED);
            b.trace("ext4_dio_write_iter", "unaligned IO -> inode_dio_wait");
        }
        if (s.extend) {
            b.tx(TxKind.ORPHAN);
        }
        if (unalignedIo || s.extend) {
            b.forceWait();
            b.trace("iomap_dio_rw", "unaligned IO or extending -> wait for completion");
        }
        Ext4DioWriteIter.iomapDioRw(b, s.extend, b.shared() && !s.unwritten ? Ext4IomapBegin.OVERWRITE : exclusiveBegin(),
                TxKind.SIZE_AFTER_DIO);
    }

    /** {@code ext4_dio_write_checks()}: a shared lock survives only for a written overwrite by a NOSEC inode. */
    private boolean dioWriteChecks(DecisionBuilder b, Ext4DioState s) {
        while (true) { // restart:
            s.extend |= Ext4Lookups.extendingIo(b);
            if (b.shared() && (!b.inode().nosec() || s.extend || !sharedOverwrite(b, s))) {
                String why = !b.inode().nosec() ? "!IS_NOSEC" : s.extend ? "extending write" : "not a written overwrite";
                if (!nowaitRefuses()) {
                    b.unlock();
                    b.lockExclusive();
                    b.mayBlock("v5.6 upgrades with a blocking inode_lock under IOCB_NOWAIT");
                    b.trace("ext4_dio_write_checks", why + " -> inode_unlock_shared, inode_lock, restart");
                    b.retry(Retry.CHECKS_RESTART);
                    continue;
                }
                if (!Ext4DioWriteIter.upgradeOrEagain(b, why)) {
                    return false;
                }
                continue;
            }
            break;
        }
        b.trace("ext4_dio_write_checks", b.shared() ? "lock settled: shared" : "lock settled: exclusive");
        // file_modified() runs here, before ext4_dio_write_iter's NOWAIT -EAGAIN for unaligned or extending writes:
        // an unprivileged caller's NOWAIT write strips the set-id bits and then gets -EAGAIN
        return FileRemovePrivs.run(b, "ext4_dio_write_checks", FileRemovePrivs.Call.FILE_MODIFIED,
                FileRemovePrivs.KillRule.SHOULD_REMOVE_SUID);
    }
}

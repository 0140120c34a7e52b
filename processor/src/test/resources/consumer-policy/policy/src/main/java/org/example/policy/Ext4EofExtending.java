package org.example.policy;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyCatalog;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-eof-extending: mainline ext4 (ext4-base), except that a direct write ending exactly at {@code i_size}
 * counts as extending — what if {@code ext4_dio_write_iter()} tested {@code offset + count >= i_size}? Such a
 * write then takes the exclusive lock, drains when unaligned and waits for completion, as one past {@code i_size}
 * does. (Not modelled: the fallbacks and EINVAL checks ext4-base makes before submitting such a write.)
 */
// fs/ext4/file.c: ext4_dio_write_iter() with ">=" for ">" in its extending-write test
@PolicyMetadata(id = "ext4-eof-extending", title = "ext4-base, but a direct write ending at i_size is extending",
        fileSystem = "ext4", path = WritePath.DIRECT, kernel = "v7.0 + offset + count >= i_size", status = Status.PROPOSED,
        functions = "fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks")
public final class Ext4EofExtending extends Policy {
    private final Policy base = PolicyCatalog.builtIn("ext4-base");

    @Override
    protected void write(DecisionBuilder b) {
        if (refusesRfcFlags(b)) {
            return;
        }
        if (!b.request().direct() || b.end() != b.inode().size()) {
            writeWith(base, b);
            return;
        }
        b.trace("ext4_dio_write_iter", "offset + count == i_size, extending here -> inode_lock");
        b.lockExclusive();
        if (b.request().nowait()) {
            b.eagain("ext4_dio_write_checks", "extending write under the exclusive lock with IOCB_NOWAIT");
            return;
        }
        if (b.ext4Unaligned()) {
            b.drain(DrainReason.UNALIGNED);
            b.trace("ext4_dio_write_checks", "unaligned extending write -> inode_dio_wait, IOMAP_DIO_FORCE_WAIT");
        } else {
            b.trace("ext4_dio_write_checks", "extending write -> IOMAP_DIO_FORCE_WAIT");
        }
        b.forceWait();
        b.markSubmitted();
    }
}

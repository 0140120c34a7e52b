package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.Ext4IomapBegin;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v5.6: Shared-first locking (Ritesh Harjani's "ext4: start to use iomap for direct I/O writes" follow-ups in
 * the v5.6 merge): shared when aligned and not extending, upgraded in ext4_dio_write_checks unless a written
 * overwrite by an IS_NOSEC inode; unaligned writes exclusive, drained and waited. Under IOCB_NOWAIT the upgrade
 * blocks (Jan Kara's -EAGAIN on upgrade came in v5.9); unaligned and extending writes already get -EAGAIN. Every segment of an exclusive write maps with a handle.
 */
@PolicyMetadata(id = "ext4-v5.6", title = "ext4 direct write v5.6 .. v5.8: shared-first, blocking upgrades under NOWAIT",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v5.6 .. <v5.9",
        status = Status.MERGED, liveFrom = "5.6", liveUntil = "5.9",
        functions = {"fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks (v5.6)"},
        inferred = {"read in 5.7.14 and 5.8.1 (identical): NOWAIT already refuses unaligned and extending writes, only the upgrade blocks"},
        summary = "ext4 direct write v5.6 .. v5.8: shared-first, blocking upgrades under NOWAIT")
final class Ext4V56 extends Ext4V510 {
    @Override
    boolean nowaitRefuses() {
        return false;
    }

    @Override
    Ext4IomapBegin exclusiveBegin() {
        return Ext4IomapBegin.V5_5;
    }
}

package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.Ext4IomapBegin;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v5.9: As v5.6 with Jan Kara's "ext4: do not block RWF_NOWAIT dio write on unallocated space": an upgrade,
 * an unaligned or an extending write gets -EAGAIN under IOCB_NOWAIT. Every segment of an exclusive write still
 * maps with a handle (9faac62d4013 came in v5.10).
 */
@PolicyMetadata(id = "ext4-v5.9", title = "ext4 direct write v5.9: shared-first, NOWAIT -EAGAIN on upgrade",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v5.9 .. <v5.10",
        status = Status.MERGED, liveFrom = "5.9", liveUntil = "5.10",
        functions = {"fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks (v5.9)"},
        inferred = {"read from the spec's appendix A; compared with 5.8.1 and 5.9.1 (the upgrade's -EAGAIN is absent in the first, present in the second)"},
        summary = "ext4 direct write v5.9: shared-first, NOWAIT -EAGAIN on upgrade")
final class Ext4V59 extends Ext4V510 {
    @Override
    Ext4IomapBegin exclusiveBegin() {
        return Ext4IomapBegin.V5_5;
    }
}

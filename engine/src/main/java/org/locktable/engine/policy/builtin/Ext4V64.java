package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4DioState;
import org.locktable.engine.policy.Ext4Lookups;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-v6.4: Zhang Yi's "ext4: dio take shared inode lock when overwriting preallocated blocks": ext4_overwrite_io
 * accepts one unwritten record, so an aligned overwrite of preallocated space keeps the shared lock; unaligned
 * writes are still exclusive, drained and waited up front (310ee0902b8d relaxed that in v6.5).
 */
@PolicyMetadata(id = "ext4-v6.4", title = "ext4 direct write v6.4: aligned overwrites of unwritten blocks shared",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v6.4 .. <v6.5",
        status = Status.MERGED, liveFrom = "6.4", liveUntil = "6.5",
        functions = {"fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks, ext4_overwrite_io (v6.4)"},
        inferred = {"read from the spec's appendix A; the v6.4 source was not re-read"},
        summary = "ext4 direct write v6.4: aligned overwrites of unwritten blocks shared")
final class Ext4V64 extends Ext4V510 {
    @Override
    boolean sharedOverwrite(DecisionBuilder b, Ext4DioState s) {
        return Ext4Lookups.overwriteIo(b, s);
    }
}

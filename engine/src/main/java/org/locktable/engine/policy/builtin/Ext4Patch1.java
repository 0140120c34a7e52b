package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4DioState;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.Ext4Lookups;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-patch1: ext4-base + Baokun Li, "ext4: skip overwrite check for aligned non-extending DIO writes"
 * (1/2). Aligned non-extending writes stay shared whatever the extent states; only unaligned writes look up.
 */
// fs/ext4/file.c: ext4_dio_write_checks() with [PATCH 1/2] applied (proposed, 2026)
@PolicyMetadata(id = "ext4-patch1",
        title = "ext4: skip overwrite check for aligned non-extending DIO writes (Baokun Li 1/2)", fileSystem = FileSystem.EXT4,
        path = WritePath.DIRECT, kernel = "v7.0 + [PATCH 1/2]", status = Status.PROPOSED, seed = Seeds.BAOKUN,
        functions = "fs/ext4/file.c: ext4_dio_write_checks (patched)",
        inferred = "an aligned NOWAIT write into a hole proceeds and may block: ext4_iomap_begin ignores IOMAP_NOWAIT",
        diffFrom = "ext4-base", summary = "Baokun Li's series, patch 1 (seed 000, proposed)")
final class Ext4Patch1 extends Ext4DioWriteIter {
    /** {@code bool overwrite = true;} and only an unaligned write looks its extent up. */
    @Override
    protected void lookUp(DecisionBuilder b, Ext4DioState s) {
        if (s.unalignedIo) {
            s.overwrite = Ext4Lookups.overwriteIo(b, s);
        } else {
            b.trace("ext4_dio_write_checks", "aligned write -> no extent lookup, overwrite = true");
        }
    }

    /** {@code !IS_NOSEC || extend || (unaligned_io && (!overwrite || unwritten))}. */
    @Override
    protected String exclusiveReason(DecisionBuilder b, Ext4DioState s) {
        return !b.inode().nosec() ? "!IS_NOSEC" : s.extend ? "extending write"
                : s.unalignedIo && !s.overwrite ? "unaligned write, not an overwrite"
                : s.unalignedIo && s.unwritten ? "unaligned write to unwritten blocks" : null;
    }
}

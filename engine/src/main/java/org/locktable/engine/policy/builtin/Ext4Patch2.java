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
 * ext4-patch2: ext4-patch1 + Baokun Li, "ext4: base unaligned DIO lock decision on partial block zeroing"
 * (2/2). Unaligned writes stay shared unless the partial head or tail block is a hole or unwritten.
 */
// fs/ext4/file.c: ext4_dio_write_checks() with [PATCH 1/2] and [PATCH 2/2] applied (proposed, 2026)
@PolicyMetadata(id = "ext4-patch2",
        title = "ext4: base unaligned DIO lock decision on partial block zeroing (Baokun Li 1+2/2)",
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v7.0 + [PATCH 1/2] + [PATCH 2/2]",
        status = Status.PROPOSED, seed = Seeds.BAOKUN,
        functions = "fs/ext4/file.c: ext4_dio_write_checks, ext4_dio_needs_zeroing (patched)",
        inferred = "an aligned NOWAIT write into a hole proceeds and may block: ext4_iomap_begin ignores IOMAP_NOWAIT",
        diffFrom = {"ext4-patch1", "ext4-base"}, summary = "Baokun Li's series, patches 1+2 (seed 000, proposed)")
final class Ext4Patch2 extends Ext4DioWriteIter {
    /** {@code ext4_dio_needs_zeroing()} for an unaligned write, in place of {@code ext4_overwrite_io()}. */
    @Override
    protected void lookUp(DecisionBuilder b, Ext4DioState s) {
        if (s.unalignedIo) {
            s.needsZeroing = Ext4Lookups.dioNeedsZeroing(b);
        }
    }

    /** {@code !IS_NOSEC || extend || needs_zeroing}. */
    @Override
    protected String exclusiveReason(DecisionBuilder b, Ext4DioState s) {
        return !b.inode().nosec() ? "!IS_NOSEC" : s.extend ? "extending write" : s.needsZeroing ? "partial block zeroing"
                : null;
    }

    /** {@code needs_zeroing || extend}. */
    @Override
    protected String waitReason(DecisionBuilder b, Ext4DioState s) {
        return s.needsZeroing ? "partial block zeroing" : s.extend ? "extending write" : null;
    }

    /** {@code needs_zeroing}. */
    @Override
    protected boolean drains(DecisionBuilder b, Ext4DioState s) {
        return s.needsZeroing;
    }
}

package org.locktable.engine.policy;

import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/**
 * ext4-patch2: ext4-patch1 + Baokun Li, "ext4: base unaligned DIO lock decision on partial block zeroing"
 * (2/2). Unaligned writes stay shared unless the partial head or tail block is a hole or unwritten.
 */
// fs/ext4/file.c: ext4_dio_write_checks() with [PATCH 1/2] and [PATCH 2/2] applied (proposed, 2026)
@PolicyMetadata(id = "ext4-patch2",
        title = "ext4: base unaligned DIO lock decision on partial block zeroing (Baokun Li 1+2/2)",
        fileSystem = "ext4", path = WritePath.DIRECT, kernel = "v7.0 + [PATCH 1/2] + [PATCH 2/2]",
        status = Status.PROPOSED, seed = Seeds.BAOKUN,
        functions = "fs/ext4/file.c: ext4_dio_write_checks, ext4_dio_needs_zeroing (patched)",
        inferred = "an aligned NOWAIT write into a hole proceeds and may block: ext4_iomap_begin ignores IOMAP_NOWAIT",
        diffFrom = {"ext4-patch1", "ext4-base"}, summary = "Baokun Li's series, patches 1+2 (seed 000, proposed)")
final class Ext4Patch2 extends Ext4DioWriteIter {
    @Override
    boolean dioWriteChecks(DecisionBuilder b, Ext4DioState s) {
        while (true) { // restart:
            s.extend = Ext4Lookups.extendingIo(b);
            if (b.ext4Unaligned) {
                s.needsZeroing = Ext4Lookups.dioNeedsZeroing(b);
            }

            if (b.shared() && (!b.inode.nosec() || s.extend || s.needsZeroing)) {
                String why = !b.inode.nosec() ? "!IS_NOSEC" : s.extend ? "extending write" : "partial block zeroing";
                if (!upgradeOrEagain(b, why)) {
                    return false;
                }
                continue;
            }
            break;
        }
        if (!b.shared() && (s.needsZeroing || s.extend)) {
            return exclusiveWaitOrEagain(b, s.needsZeroing, s.needsZeroing ? "partial block zeroing" : "extending write");
        }
        b.trace("ext4_dio_write_checks", b.shared() ? "lock settled: shared" : "lock settled: exclusive");
        return true;
    }
}

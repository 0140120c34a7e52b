package org.locktable.engine.policy;

import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/**
 * ext4-patch1: ext4-base + Baokun Li, "ext4: skip overwrite check for aligned non-extending DIO writes"
 * (1/2). Aligned non-extending writes stay shared whatever the extent states; only unaligned writes look up.
 */
// fs/ext4/file.c: ext4_dio_write_checks() with [PATCH 1/2] applied (proposed, 2026)
@PolicyMetadata(id = "ext4-patch1",
        title = "ext4: skip overwrite check for aligned non-extending DIO writes (Baokun Li 1/2)", fileSystem = "ext4",
        path = WritePath.DIRECT, kernel = "v7.0 + [PATCH 1/2]", status = Status.PROPOSED, seed = Seeds.BAOKUN,
        functions = "fs/ext4/file.c: ext4_dio_write_checks (patched)",
        inferred = "an aligned NOWAIT write into a hole proceeds and may block: ext4_iomap_begin ignores IOMAP_NOWAIT",
        diffFrom = "ext4-base", summary = "Baokun Li's series, patch 1 (seed 000, proposed)")
final class Ext4Patch1 extends Ext4DioWriteIter {
    @Override
    boolean dioWriteChecks(DecisionBuilder b, Ext4DioState s) {
        boolean unalignedIo;
        while (true) { // restart:
            unalignedIo = b.ext4Unaligned;
            s.extend = Ext4Lookups.extendingIo(b);
            if (unalignedIo) {
                s.overwrite = Ext4Lookups.overwriteIo(b, s);
            } else {
                b.trace("ext4_dio_write_checks", "aligned write -> no extent lookup, overwrite = true");
            }

            if (b.shared() && (!b.inode.nosec() || s.extend || (unalignedIo && (!s.overwrite || s.unwritten)))) {
                String why = !b.inode.nosec() ? "!IS_NOSEC" : s.extend ? "extending write"
                        : !s.overwrite ? "unaligned write, not an overwrite" : "unaligned write to unwritten blocks";
                if (!upgradeOrEagain(b, why)) {
                    return false;
                }
                continue;
            }
            break;
        }
        if (!b.shared() && (unalignedIo || s.extend)) {
            return exclusiveWaitOrEagain(b, unalignedIo && (!s.overwrite || s.unwritten),
                    unalignedIo ? "unaligned write" : "extending write");
        }
        b.trace("ext4_dio_write_checks", b.shared() ? "lock settled: shared" : "lock settled: exclusive");
        return true;
    }
}

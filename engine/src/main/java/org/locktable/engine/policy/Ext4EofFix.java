package org.locktable.engine.policy;

import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/**
 * ext4-eof-fix: ext4-base, but an unaligned write that ends at or beyond {@code i_size} counts as extending for the
 * lock: exclusive, drained and FORCE_WAIT, as XFS's unaligned path does ({@code pos + count >= isize}). It closes the
 * race of spec §3.4 case 3 (R4): {@code iomap_dio_bio_iter} zeroes {@code [end, roundup(end))} when
 * {@code end >= i_size}, and ext4-base lets such a write run under the shared lock and queue.
 */
// fs/ext4/file.c: ext4_dio_write_checks(), ext4_extending_io() (v7.0, candidate change); modelled on
// fs/xfs/xfs_file.c: xfs_file_dio_write_unaligned()
@PolicyMetadata(id = "ext4-eof-fix",
        title = "ext4 direct write, candidate fix: an unaligned write ending at or past EOF is exclusive, drained and waited",
        fileSystem = "ext4", path = WritePath.DIRECT, kernel = "v7.0 + candidate change (not posted)",
        status = Status.PROPOSED,
        functions = {"fs/ext4/file.c: ext4_dio_write_checks, ext4_extending_io (candidate change)",
            "fs/xfs/xfs_file.c: xfs_file_dio_write_unaligned (the model: pos + count >= isize)"},
        inferred = "not a posted patch: locktable's candidate for the R4 race, modelled after XFS's unaligned path",
        diffFrom = "ext4-base",
        summary = "candidate fix for R4: ext4-base, with an unaligned write ending at or past EOF exclusive, drained and "
            + "waited, as XFS does (model only, not posted)")
final class Ext4EofFix extends Ext4DioWriteIter {
    @Override
    boolean dioWriteChecks(DecisionBuilder b, Ext4DioState s) {
        boolean unalignedIo;
        boolean overwrite;
        boolean eofZeroing;
        while (true) { // restart:
            unalignedIo = b.ext4Unaligned;
            s.extend = Ext4Lookups.extendingIo(b);
            // the change: iomap zeroes the tail of an unaligned write with end >= i_size, written blocks or not
            eofZeroing = unalignedIo && b.end >= b.inode.size();
            overwrite = Ext4Lookups.overwriteIo(b, s);

            if (b.shared() && (!b.inode.nosec() || s.extend || eofZeroing || !overwrite
                    || (unalignedIo && s.unwritten))) {
                String why = !b.inode.nosec() ? "!IS_NOSEC" : s.extend ? "extending write"
                        : eofZeroing ? "unaligned write ending at EOF" : !overwrite ? "not an overwrite"
                        : "unaligned write to unwritten blocks";
                if (!upgradeOrEagain(b, why)) {
                    return false;
                }
                continue;
            }
            break;
        }
        if (!b.shared() && (unalignedIo || s.extend)) {
            return exclusiveWaitOrEagain(b, unalignedIo && (!overwrite || s.unwritten || eofZeroing),
                    eofZeroing ? "unaligned write ending at or past EOF" : unalignedIo ? "unaligned write" : "extending write");
        }
        b.trace("ext4_dio_write_checks", b.shared() ? "lock settled: shared" : "lock settled: exclusive");
        return true;
    }
}

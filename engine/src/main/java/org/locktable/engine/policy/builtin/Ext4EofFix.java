package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4DioState;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;

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
        fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "v7.0 + candidate change (not posted)",
        status = Status.PROPOSED,
        functions = {"fs/ext4/file.c: ext4_dio_write_checks, ext4_extending_io (candidate change)",
            "fs/xfs/xfs_file.c: xfs_file_dio_write_unaligned (the model: pos + count >= isize)"},
        inferred = "not a posted patch: locktable's candidate for the R4 race, modelled after XFS's unaligned path",
        diffFrom = "ext4-base",
        summary = "candidate fix for R4: ext4-base, with an unaligned write ending at or past EOF exclusive, drained and "
            + "waited, as XFS does (model only, not posted)")
final class Ext4EofFix extends Ext4DioWriteIter {
    /** The change: iomap zeroes the tail of an unaligned write with {@code end >= i_size}, written blocks or not. */
    private static boolean eofZeroing(DecisionBuilder b, Ext4DioState s) {
        return s.unalignedIo && b.end() >= b.inode().size();
    }

    /** Mainline's, with an unaligned write ending at or past EOF needing the exclusive lock. */
    @Override
    protected String exclusiveReason(DecisionBuilder b, Ext4DioState s) {
        return !b.inode().nosec() ? "!IS_NOSEC" : s.extend ? "extending write"
                : eofZeroing(b, s) ? "unaligned write ending at EOF" : !s.overwrite ? "not an overwrite"
                : s.unalignedIo && s.unwritten ? "unaligned write to unwritten blocks" : null;
    }

    @Override
    protected String waitReason(DecisionBuilder b, Ext4DioState s) {
        return eofZeroing(b, s) ? "unaligned write ending at or past EOF" : super.waitReason(b, s);
    }

    /** Mainline's, and the write ending at or past EOF drains too. */
    @Override
    protected boolean drains(DecisionBuilder b, Ext4DioState s) {
        return super.drains(b, s) || eofZeroing(b, s);
    }
}

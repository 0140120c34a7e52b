package org.locktable.engine.policy.builtin;

import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;
import org.locktable.engine.policy.XfsDioWrite;

/**
 * xfs-dio: XFS direct writes since v5.12. Aligned writes run shared (exclusive only transiently for EOF
 * zeroing or privilege stripping); unaligned writes try shared with {@code IOMAP_DIO_OVERWRITE_ONLY} and
 * retry exclusive (drain + FORCE_WAIT) when the DIO layer says -EAGAIN.
 */
// fs/xfs/xfs_file.c: xfs_file_dio_write(), xfs_file_dio_write_aligned(), xfs_file_dio_write_unaligned() (v5.12+, ed1128c2d0c8)
@PolicyMetadata(id = "xfs-dio", title = "XFS direct write: shared unaligned fast path (Chinner / Hellwig)",
        fileSystem = FileSystem.XFS, path = WritePath.DIRECT, kernel = "v5.12+ (ed1128c2d0c8)", status = Status.MERGED,
        seed = Seeds.CHINNER, liveFrom = "5.12",
        functions = {"fs/xfs/xfs_file.c: xfs_file_dio_write, xfs_file_dio_write_aligned, xfs_file_dio_write_unaligned, "
            + "xfs_file_write_checks",
            "fs/xfs/xfs_iomap.c: xfs_direct_write_iomap_begin",
            "fs/iomap/direct-io.c: __iomap_dio_rw (IOMAP_DIO_OVERWRITE_ONLY)"}, diffFrom = "xfs-dio-v5.11",
        summary = "XFS DIO since v5.12: shared unaligned fast path (seed 004) — the running kernel's XFS")
public final class XfsDio extends XfsDioWrite {
    // xfs_file_dio_write() as XfsDioWrite has it: mainline is the skeleton with no hook overridden
}

package org.locktable.scenarios.xfs;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT aligned overwrite of a set-uid file by an unprivileged caller",
          why = "A caller without CAP_FSETID must clear the set-uid bit. XFS since v6.0 (kiocb_modified) refuses that "
                + "under IOCB_NOWAIT with -EAGAIN after taking IOLOCK_EXCL; up to v5.11 file_modified strips it, "
                + "blocking, and the write goes ahead; ext4 refuses the !IS_NOSEC NOWAIT write at the lock upgrade "
                + "before file_modified, whoever the caller (compare SetuidNowaitOverwriteRoot). Linux 6.18: EAGAIN on "
                + "both, the bit kept (the conformance report's privilege section).",
          source = "fs/inode.c file_remove_privs_flags, fs/attr.c setattr_should_drop_suidgid, fs/xfs/xfs_file.c "
                + "xfs_file_write_checks, fs/ext4/file.c ext4_dio_write_checks")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384, mode = 04755)
@Write(offset = 0, len = 8192, nowait = true, unprivileged = true)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = EXCLUSIVE, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
class SetuidNowaitOverwriteUnprivileged {
}

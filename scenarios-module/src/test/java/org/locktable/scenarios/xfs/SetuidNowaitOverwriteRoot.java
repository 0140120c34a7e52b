package org.locktable.scenarios.xfs;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT aligned overwrite of a set-uid file by root",
          why = "With CAP_FSETID nothing is stripped (setattr_should_drop_suidgid returns 0): XFS takes IOLOCK_EXCL for "
                + "the !IS_NOSEC file, kiocb_modified has nothing to do, the lock is demoted and the write goes ahead; "
                + "ext4 still refuses it at the lock upgrade. The same write by an unprivileged caller: "
                + "SetuidNowaitOverwriteUnprivileged.",
          source = "fs/inode.c file_remove_privs_flags, fs/xfs/xfs_file.c xfs_file_write_checks")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384, mode = 04755)
@Write(offset = 0, len = 8192, nowait = true)
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
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
class SetuidNowaitOverwriteRoot {
}

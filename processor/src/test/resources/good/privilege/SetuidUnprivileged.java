package golden.privilege;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;
import static org.locktable.dsl.NowaitOutcome.EAGAIN;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "RWF_NOWAIT overwrite of a set-uid file by an unprivileged caller",
          why = "kiocb_modified refuses the strip under IOCB_NOWAIT on XFS; ext4 refuses the !IS_NOSEC write earlier",
          source = "fs/inode.c file_remove_privs_flags")
@ExtentLayout(blocks = "W W", mode = 04755)
@Write(offset = 0, len = 4096, nowait = true, unprivileged = true)
@ExpectLock(policy = "ext4-base", value = SHARED, nowait = EAGAIN, result = WriteResult.EAGAIN)
@ExpectLock(policy = "xfs-dio", value = EXCLUSIVE, nowait = EAGAIN, result = WriteResult.EAGAIN)
public class SetuidUnprivileged {
}

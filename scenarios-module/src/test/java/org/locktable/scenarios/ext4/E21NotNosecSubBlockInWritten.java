package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "!IS_NOSEC sub-block write inside a written block",
          why = "For a !IS_NOSEC unaligned overwrite ext4-base and patch 1 add a forced wait but patch 2 does not; "
                + "XFS v5.12 upgrades in its checks without drain.",
          source = "policy spec §7, E21")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384, nosec = false)
@Write(offset = 4608, len = 512)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = EXCLUSIVE, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = EXCLUSIVE, drain = false, forceWait = false, result = WriteResult.OK)
class E21NotNosecSubBlockInWritten {
}

package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "AIO aligned 8K into preallocated (unwritten) extent",
          why = "An aligned overwrite of preallocated space is shared on current ext4 and XFS; ext4-2019 downgraded "
                + "only over written blocks.",
          source = "policy spec §7, E25")
@ExtentLayout(blocks = "U U U U", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 8192, async = true)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = false,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
class E25AioAlignedIntoUnwritten {
}

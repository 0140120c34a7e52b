package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT aligned 8K over two discontiguous written extents",
          why = "NOWAIT over a W|W boundary: ext4-base and XFS return -EAGAIN (not one record), patch 1 and 2 proceed "
                + "shared.",
          source = "policy spec §7, E31")
@ExtentLayout(blocks = "W | W", blockSize = 4096, size = 8192)
@Write(offset = 0, len = 8192, nowait = true)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
class E31NowaitAlignedOverTwoWrittenRecords {
}

package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT aligned 4K into a hole",
          why = "With patch 1 or 2 an aligned NOWAIT write into a hole proceeds shared although ext4_iomap_begin may "
                + "block in allocation; ext4-base and XFS return -EAGAIN.",
          source = "policy spec §7, E17")
@ExtentLayout(blocks = "W H W W", blockSize = 4096, size = 16384)
@Write(offset = 4096, len = 4096, nowait = true)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
class E17NowaitAlignedIntoHole {
}

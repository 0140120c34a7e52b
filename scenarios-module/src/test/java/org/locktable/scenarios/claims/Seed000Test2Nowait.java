package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.NONE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectNoStricter;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

/** The RWF_NOWAIT variant of {@code ext4.UnalignedWrittenEdges} (seed 000, test 2). */
@Scenario(title = "Baokun test 2 with RWF_NOWAIT: unaligned 14336 @ +512 over [W][U][U][W]",
          why = "Where ext4-base and patch 1 would restart exclusive, a NOWAIT caller gets -EAGAIN; patch 2 needs no "
                  + "upgrade, so the write proceeds shared. XFS v5.12's one-extent probe fails and NOWAIT cannot retry.",
          source = "seed 000, test 2 + RWF_NOWAIT; policy spec §5.1-§5.7")
@ExtentLayout(blocks = "W U U W", blockSize = 4096, size = 16384)
@Write(offset = 512, len = 14336, nowait = true)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.EAGAIN, result = WriteResult.EAGAIN)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.EAGAIN, result = WriteResult.EAGAIN)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = NONE, drain = false, forceWait = false,
            nowait = NowaitOutcome.EAGAIN, result = WriteResult.EAGAIN)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.EAGAIN, result = WriteResult.EAGAIN)
@ExpectNoStricter(policy = "ext4-patch2", than = "ext4-patch1")
@ExpectNoStricter(policy = "ext4-patch2", than = "ext4-base")
@ExpectSame({"ext4-base", "ext4-patch1"})
class Seed000Test2Nowait {
}

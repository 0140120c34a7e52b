package org.locktable.scenarios.xfs;

import static org.locktable.dsl.LockMode.NONE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT sub-block write inside a written block",
          why = "XFS v5.11 refuses every unaligned NOWAIT write before locking; v5.12's shared fast path lets this "
                + "one proceed.",
          source = "policy spec §7, E18")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 4608, len = 512, nowait = true)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = NONE, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
class E18NowaitSubBlockInWritten {
}

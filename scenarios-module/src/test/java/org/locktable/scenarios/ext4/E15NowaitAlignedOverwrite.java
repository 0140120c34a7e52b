package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT aligned pure overwrite",
          why = "The NOWAIT fast case: every DIO policy proceeds, ext4-2019 only because it ignores NOWAIT beyond the "
                + "trylock (and may block).",
          source = "policy spec §7, E15")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 8192, nowait = true)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = false,
            nowait = NowaitOutcome.PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
class E15NowaitAlignedOverwrite {
}

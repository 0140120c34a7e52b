package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Policies;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT aligned append, RWF_WRITETHROUGH|RWF_NOSERIAL",
          why = "Inferred rule 5: a NOWAIT write that needs the upgrade (here: an append) fails with -EAGAIN instead "
                + "of blocking.",
          source = "seed 002; policy spec §5.9 [inferred] and §7, E19 (xfs-writethrough-noserial row)")
@Policies("xfs-writethrough-noserial")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 8192)
@Write(offset = 8192, len = 4096, direct = false, nowait = true, writethrough = true, noserial = true)
@ExpectLock(value = SHARED, drain = false, forceWait = false, nowait = NowaitOutcome.EAGAIN,
            result = WriteResult.EAGAIN)
class E19WritethroughNowaitAppend {
}

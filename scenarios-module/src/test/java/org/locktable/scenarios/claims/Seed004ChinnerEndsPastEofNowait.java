package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.NONE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Chinner: RWF_NOWAIT unaligned DIO write ending past EOF",
          why = "\"Hence we avoid lock cycles and blocking under IOCB_NOWAIT for this situation, too\": the extending "
                  + "unaligned NOWAIT write returns -EAGAIN before any lock is taken.",
          source = "seed 004, [PATCH 11/11] (retry_exclusive: IOCB_NOWAIT returns -EAGAIN)")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 6144)
@Write(offset = 5632, len = 1024, nowait = true)
@ExpectLock(policy = "xfs-dio", value = NONE, drain = false, forceWait = false,
            nowait = NowaitOutcome.EAGAIN, result = WriteResult.EAGAIN)
@ExpectLock(policy = "xfs-dio-v5.11", value = NONE, drain = false, forceWait = false,
            nowait = NowaitOutcome.EAGAIN, result = WriteResult.EAGAIN)
class Seed004ChinnerEndsPastEofNowait {
}

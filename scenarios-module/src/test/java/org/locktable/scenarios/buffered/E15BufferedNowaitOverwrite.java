package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.NONE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT aligned pure overwrite, buffered",
          why = "ext4 rejects every NOWAIT buffered write with EOPNOTSUPP before locking (both paths); XFS (v6.0+) "
                + "accepts it exclusive.",
          source = "policy spec §7, E15 (buffered rows)")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 8192, direct = false, nowait = true)
@ExpectLock(policy = "xfs-buffered", value = EXCLUSIVE, drain = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-buffered-bh", value = NONE, nowait = NowaitOutcome.NOT_APPLICABLE,
            result = WriteResult.EOPNOTSUPP)
@ExpectLock(policy = "ext4-buffered-iomap", value = NONE, nowait = NowaitOutcome.NOT_APPLICABLE,
            result = WriteResult.EOPNOTSUPP)
class E15BufferedNowaitOverwrite {
}

package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.NONE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT aligned append, buffered",
          why = "A NOWAIT buffered append: XFS proceeds exclusive, both ext4 buffered paths return EOPNOTSUPP before "
                + "locking.",
          source = "policy spec §7, E19 (buffered rows)")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 8192)
@Write(offset = 8192, len = 4096, direct = false, nowait = true)
@ExpectLock(policy = "xfs-buffered", value = EXCLUSIVE, drain = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-buffered-bh", value = NONE, nowait = NowaitOutcome.NOT_APPLICABLE,
            result = WriteResult.EOPNOTSUPP)
@ExpectLock(policy = "ext4-buffered-iomap", value = NONE, nowait = NowaitOutcome.NOT_APPLICABLE,
            result = WriteResult.EOPNOTSUPP)
class E19BufferedNowaitAppend {
}

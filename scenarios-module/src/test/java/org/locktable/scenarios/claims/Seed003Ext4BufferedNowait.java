package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.NONE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "ext4 buffered RWF_NOWAIT write: buffer_head path vs iomap path",
          why = "ext4_buffered_write_iter refuses IOCB_NOWAIT with -EOPNOTSUPP before locking, and the iomap series keeps "
                  + "that; XFS has accepted NOWAIT buffered writes since v6.0.",
          source = "seed 003; policy spec §5.8, §5.10-§5.11")
@ExtentLayout(blocks = "W*8", blockSize = 4096, size = 32768)
@Write(offset = 8192, len = 4096, direct = false, nowait = true)
@ExpectLock(policy = "ext4-buffered-bh", value = NONE, nowait = NowaitOutcome.NOT_APPLICABLE, result = WriteResult.EOPNOTSUPP)
@ExpectLock(policy = "ext4-buffered-iomap", value = NONE, nowait = NowaitOutcome.NOT_APPLICABLE,
            result = WriteResult.EOPNOTSUPP)
@ExpectLock(policy = "xfs-buffered", value = EXCLUSIVE, drain = false, nowait = NowaitOutcome.PROCEEDS,
            result = WriteResult.OK)
@ExpectSame({"ext4-buffered-bh", "ext4-buffered-iomap"})
class Seed003Ext4BufferedNowait {
}

package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "ext4 buffered 1 KiB append at an unaligned EOF: buffer_head path vs iomap path",
          why = "The series reworks EOF-block zeroing and i_disksize ordering for appends, still under the exclusive inode "
                  + "lock on both paths; XFS decides the same (pos == i_size: no EOF gap to zero, no drain).",
          source = "seed 003, [PATCH -next v5 00/32] (OW=0, bs=1k runs; patches 22-30)")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 7168)
@Write(offset = 7168, len = 1024, direct = false)
@ExpectLock(policy = "ext4-buffered-bh", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-buffered-iomap", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-buffered", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
@ExpectSame({"ext4-buffered-bh", "ext4-buffered-iomap", "xfs-buffered"})
class Seed003Ext4BufferedAppend1k {
}

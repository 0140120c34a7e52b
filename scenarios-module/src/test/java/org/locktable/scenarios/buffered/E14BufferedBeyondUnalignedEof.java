package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Unaligned write starting beyond an unaligned EOF (gap inside EOF block tail + next block), buffered",
          why = "Beyond an unaligned EOF XFS drains and zeroes [6000, 8192) through the page cache; neither ext4 path "
                + "drains (the buffer_head path zeroes the gap in write_end).",
          source = "policy spec §7, E14 (buffered rows)")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 6000)
@Write(offset = 10240, len = 1024, direct = false)
@ExpectLock(policy = "xfs-buffered", value = EXCLUSIVE, drain = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-buffered-bh", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-buffered-iomap", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class E14BufferedBeyondUnalignedEof {
}

package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned write starting beyond EOF (gap), buffered",
          why = "A buffered write beyond EOF: XFS drains before zeroing [i_size, pos) through the page cache; neither "
                + "ext4 path drains (the buffer_head path zeroes the gap in write_end).",
          source = "policy spec §7, E13 (buffered rows)")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 8192)
@Write(offset = 16384, len = 4096, direct = false)
@ExpectLock(policy = "xfs-buffered", value = EXCLUSIVE, drain = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-buffered-bh", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-buffered-iomap", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class E13BufferedBeyondEof {
}

package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Chinner: 512-byte DIO write inside an unwritten (preallocated) extent",
          why = "\"On failure, retry with the existing exclusive locking\": the unwritten block would need sub-block "
                  + "zeroing, so v5.12's OVERWRITE_ONLY attempt fails and the retry decides exactly as v5.11.",
          source = "seed 004, [PATCH 11/11] xfs: reduce exclusive locking on unaligned dio")
@ExtentLayout(blocks = "U*8", blockSize = 4096, size = 32768)
@Write(offset = 12800, len = 512)
@ExpectLock(policy = "xfs-dio", value = EXCLUSIVE, drain = true, forceWait = true)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true)
@ExpectSame({"xfs-dio", "xfs-dio-v5.11"})
class Seed004Chinner512InUnwrittenExtent {
}

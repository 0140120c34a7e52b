package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectNoStricter;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Chinner: 512-byte DIO write inside one written extent",
          why = "\"Attempt shared locking for unaligned DIO, but only if the the underlying extent is already allocated "
                  + "and in written state\": v5.12 runs it shared with no drain; v5.11 serialised every unaligned write.",
          source = "seed 004, [PATCH 11/11] xfs: reduce exclusive locking on unaligned dio (512-byte fio randrw)")
@ExtentLayout(blocks = "W*8", blockSize = 4096, size = 32768)
@Write(offset = 12800, len = 512)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true)
@ExpectNoStricter(policy = "xfs-dio", than = "xfs-dio-v5.11")
class Seed004Chinner512InWrittenExtent {
}

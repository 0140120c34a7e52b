package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectNoStricter;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Baokun test 1, second boundary of the stripe: aligned 8K from unwritten into written",
          why = "The other boundary test 1 crosses: ext4_overwrite_io's lookup stops at the end of the unwritten record, "
                  + "so ext4-base restarts exclusive (no drain or forced wait: aligned, non-extending); both patches share.",
          source = "seed 000, cover letter test 1")
@ExtentLayout(blocks = "W U U W", blockSize = 4096, size = 16384)
@Write(offset = 8192, len = 8192)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = false, forceWait = false)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false)
@ExpectNoStricter(policy = "ext4-patch1", than = "ext4-base")
@ExpectNoStricter(policy = "ext4-patch2", than = "ext4-patch1")
@ExpectSame({"ext4-patch1", "ext4-patch2", "xfs-dio"})
class Seed000Test1UnwrittenIntoWritten {
}

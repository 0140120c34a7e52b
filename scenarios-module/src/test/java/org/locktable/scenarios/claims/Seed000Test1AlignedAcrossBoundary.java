package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectNoStricter;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Baokun test 1: aligned 8K DIO across a written/unwritten boundary",
          why = "\"A write spanning multiple pre-allocated extents (e.g. written + unwritten ...) produces a false negative, "
                  + "forcing an unnecessary exclusive lock upgrade\": patch 1 removes it, and patch 2 keeps it removed.",
          source = "seed 000, cover letter test 1 and [PATCH 1/2]")
@ExtentLayout(blocks = "W U U W", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 8192)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = false, forceWait = false)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false)
@ExpectNoStricter(policy = "ext4-patch1", than = "ext4-base")
@ExpectNoStricter(policy = "ext4-patch2", than = "ext4-patch1")
@ExpectSame({"ext4-patch1", "ext4-patch2"})
class Seed000Test1AlignedAcrossBoundary {
}

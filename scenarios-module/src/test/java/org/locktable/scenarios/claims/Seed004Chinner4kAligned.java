package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Chinner's comparison run: 4 KiB AIO DIO inside one written extent",
          why = "The patch's \"4kB block IO comparison\": block-aligned writes take the aligned path, shared before and "
                  + "after the patch, so both XFS versions decide alike.",
          source = "seed 004, [PATCH 11/11] (4kB block IO comparison)")
@ExtentLayout(blocks = "W*8", blockSize = 4096, size = 32768)
@Write(offset = 12288, len = 4096, async = true)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false)
@ExpectSame({"xfs-dio", "xfs-dio-v5.11"})
class Seed004Chinner4kAligned {
}

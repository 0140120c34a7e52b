package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

/**
 * The RFC kernel's write-through path without NOSERIAL. Only {@code xfs-writethrough-noserial} models that kernel:
 * {@code xfs-buffered} is mainline XFS, which does not know RWF_WRITETHROUGH at all.
 */
@Scenario(title = "RWF_WRITETHROUGH without RWF_NOSERIAL: overwrite inside i_size",
          why = "\"NOSERIAL can be passed by user and isn't default on with writethrough. It needs to be explicitly passed\": "
                  + "without it a write-through write goes through xfs_file_buffered_write under the exclusive lock.",
          source = "seed 002, v4 cover letter (changes in patch 9); policy spec §5.8-§5.9")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 8192, direct = false, writethrough = true)
@ExpectLock(policy = "xfs-writethrough-noserial", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class Seed002WritethroughWithoutNoserial {
}

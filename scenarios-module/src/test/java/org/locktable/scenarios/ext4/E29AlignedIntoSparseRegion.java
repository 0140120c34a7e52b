package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned 16K into a fully sparse region inside i_size",
          why = "Allocating aligned writes inside i_size: patch 1, patch 2 and XFS allocate under the shared lock; "
                + "ext4-base restarts exclusive.",
          source = "policy spec §7, E29")
@ExtentLayout(blocks = "H H H H", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 16384)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = false,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
class E29AlignedIntoSparseRegion {
}

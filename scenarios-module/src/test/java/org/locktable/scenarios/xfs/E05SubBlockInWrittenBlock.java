package org.locktable.scenarios.xfs;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Sub-block 512B write inside a written block",
          why = "Chinner's fast path: a 512-byte write into a written block is shared on XFS v5.12+ (and on ext4), "
                + "but exclusive with drain and forced wait on XFS v5.11.",
          source = "policy spec §7, E05")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 4608, len = 512)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
class E05SubBlockInWrittenBlock {
}

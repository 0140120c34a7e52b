package org.locktable.scenarios.xfs;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned write starting beyond EOF (gap)",
          why = "XFS zeroes [i_size, pos) under a transient exclusive lock with a drain and then demotes to shared; "
                + "every ext4 policy stays exclusive.",
          source = "policy spec §7, E13")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 8192)
@Write(offset = 16384, len = 4096)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = true, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = true, forceWait = false, result = WriteResult.OK)
class E13AlignedBeyondEofGap {
}

package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned write inside i_size but beyond i_disksize",
          why = "Inside i_size but beyond i_disksize ext4 must update i_disksize: current ext4 restarts exclusive "
                + "with forced wait, ext4-2019 downgrades yet forces the wait, XFS ignores i_disksize.",
          source = "policy spec §7, E26")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384, diskSize = 12288)
@Write(offset = 12288, len = 4096)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
class E26AlignedBeyondDiskSize {
}

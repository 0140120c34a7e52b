package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned write straddling EOF",
          why = "A write straddling EOF extends i_size: exclusive with forced wait on every ext4 policy, shared on "
                + "XFS.",
          source = "policy spec §7, E11")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 8192)
@Write(offset = 4096, len = 8192)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
class E11AlignedStraddlingEof {
}

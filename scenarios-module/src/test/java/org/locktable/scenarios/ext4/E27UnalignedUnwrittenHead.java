package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Unaligned; head block unwritten, tail block written",
          why = "An unwritten partial head block must be zeroed, so patch 2 serialises too: exclusive with drain on "
                + "every current policy.",
          source = "policy spec §7, E27")
@ExtentLayout(blocks = "U W W W", blockSize = 4096, size = 16384)
@Write(offset = 512, len = 8192)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = false,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
class E27UnalignedUnwrittenHead {
}

package org.locktable.scenarios.xfs;

import static org.locktable.dsl.LockMode.NONE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "512B write on a 4Kn device (lbs=4096)",
          why = "On a 4Kn device a 512-byte DIO is invalid: XFS rejects it before locking, ext4 only after its lock "
                + "decision (from iomap).",
          source = "policy spec §7, E30")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384, logicalBlockSize = 4096)
@Write(offset = 4608, len = 512)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = false,
            result = WriteResult.EINVAL)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false, result = WriteResult.EINVAL)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false, result = WriteResult.EINVAL)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, result = WriteResult.EINVAL)
@ExpectLock(policy = "xfs-dio-v5.11", value = NONE, result = WriteResult.EINVAL)
@ExpectLock(policy = "xfs-dio", value = NONE, result = WriteResult.EINVAL)
class E30SubBlockOn4KnDevice {
}

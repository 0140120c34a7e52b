package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Unaligned write straddling EOF",
          why = "An unaligned extending write is exclusive everywhere; every policy but ext4-2019 (a sync write) "
                + "drains, because the post-EOF tail is zeroed.",
          source = "policy spec §7, E12")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 8192)
@Write(offset = 7680, len = 1024)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
class E12UnalignedStraddlingEof {
}

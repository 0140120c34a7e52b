package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Unaligned 14336 @ +512, hole in the middle [W][H][H][W]",
          why = "Patch 2 stays shared even when the fully covered middle is a hole that must be allocated; every "
                + "other DIO policy serialises the write.",
          source = "policy spec §7, E03")
@ExtentLayout(blocks = "W H H W", blockSize = 4096, size = 16384)
@Write(offset = 512, len = 14336)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = false,
            result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
class E03UnalignedWrittenEdgesHoleMiddle {
}

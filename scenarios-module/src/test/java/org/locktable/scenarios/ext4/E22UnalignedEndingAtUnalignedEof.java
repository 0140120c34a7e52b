package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Unaligned write ending exactly at an unaligned EOF (written)",
          why = "ext4 treats end == i_size as a non-extending overwrite and shares it although iomap zeroes the "
                + "post-EOF tail of the block; XFS's end >= i_size test serialises it (race R4).",
          source = "policy spec §7, E22")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 6144)
@Write(offset = 5120, len = 1024)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = EXCLUSIVE, drain = true, forceWait = true, result = WriteResult.OK)
class E22UnalignedEndingAtUnalignedEof {
}

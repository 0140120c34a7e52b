package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "!IS_NOSEC (setuid file) aligned pure overwrite",
          why = "A set-uid file needs the exclusive lock for the privilege strip: ext4 restarts exclusive, ext4-2019 "
                + "strips under its first exclusive lock and still downgrades, XFS demotes after the checks.",
          source = "policy spec §7, E20")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384, nosec = false)
@Write(offset = 0, len = 8192)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-patch2", value = EXCLUSIVE, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio-v5.11", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
class E20NotNosecAlignedOverwrite {
}

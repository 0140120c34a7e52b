package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Policies;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "!IS_NOSEC (setuid file) aligned pure overwrite, RWF_WRITETHROUGH|RWF_NOSERIAL",
          why = "Inferred rule 4: a set-uid file needs the exclusive lock for the privilege strip, NOSERIAL or not.",
          source = "seed 002; policy spec §5.9 [inferred] and §7, E20 (xfs-writethrough-noserial row)")
@Policies("xfs-writethrough-noserial")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384, nosec = false)
@Write(offset = 0, len = 8192, direct = false, writethrough = true, noserial = true)
@ExpectLock(value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class E20WritethroughNotNosec {
}

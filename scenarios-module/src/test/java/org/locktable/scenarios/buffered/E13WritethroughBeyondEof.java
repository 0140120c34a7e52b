package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Policies;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned write starting beyond EOF (gap), RWF_WRITETHROUGH|RWF_NOSERIAL",
          why = "Inferred rule 3: a write starting beyond EOF upgrades to exclusive and drains before zeroing "
                + "[i_size, pos), as xfs_file_write_checks does.",
          source = "seed 002; policy spec §5.9 [inferred] and §7, E13 (xfs-writethrough-noserial row)")
@Policies("xfs-writethrough-noserial")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 8192)
@Write(offset = 16384, len = 4096, direct = false, writethrough = true, noserial = true)
@ExpectLock(value = EXCLUSIVE, drain = true, result = WriteResult.OK)
class E13WritethroughBeyondEof {
}

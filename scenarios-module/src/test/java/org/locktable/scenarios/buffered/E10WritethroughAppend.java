package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Policies;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned append at EOF (pos == i_size), RWF_WRITETHROUGH|RWF_NOSERIAL",
          why = "Inferred rule 2: an extending write upgrades to exclusive, because i_size is updated in the write "
                + "path, not at completion.",
          source = "seed 002; policy spec §5.9 [inferred] and §7, E10 (xfs-writethrough-noserial row)")
@Policies("xfs-writethrough-noserial")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 8192)
@Write(offset = 8192, len = 8192, direct = false, writethrough = true, noserial = true)
@ExpectLock(value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class E10WritethroughAppend {
}

package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Policies;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned 8K pure overwrite inside one written extent, RWF_WRITETHROUGH|RWF_NOSERIAL",
          why = "Inferred rule 1 of the RFC: an overwrite inside i_size runs under the shared lock; NOSERIAL writers "
                + "are serialised per folio only.",
          source = "seed 002; policy spec §5.9 [inferred] and §7, E04 (xfs-writethrough-noserial row)")
@Policies("xfs-writethrough-noserial")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 4096, len = 8192, direct = false, writethrough = true, noserial = true)
@ExpectLock(value = SHARED, drain = false, result = WriteResult.OK)
class E04WritethroughOverwrite {
}

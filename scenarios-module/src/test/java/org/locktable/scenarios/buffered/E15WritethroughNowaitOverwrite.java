package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.NowaitOutcome;
import org.locktable.dsl.Policies;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "NOWAIT aligned pure overwrite, RWF_WRITETHROUGH|RWF_NOSERIAL",
          why = "A NOWAIT overwrite needs no upgrade, so it proceeds under the shared lock (trylock only).",
          source = "seed 002; policy spec §5.9 [inferred] and §7, E15 (xfs-writethrough-noserial row)")
@Policies("xfs-writethrough-noserial")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 8192, direct = false, nowait = true, writethrough = true, noserial = true)
@ExpectLock(value = SHARED, drain = false, nowait = NowaitOutcome.PROCEEDS, result = WriteResult.OK)
class E15WritethroughNowaitOverwrite {
}

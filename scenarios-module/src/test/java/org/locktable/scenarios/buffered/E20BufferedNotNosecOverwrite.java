package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "!IS_NOSEC (setuid file) aligned pure overwrite, buffered",
          why = "IS_NOSEC does not matter to buffered writes: they are exclusive anyway, with no drain.",
          source = "policy spec §7, E20 (buffered rows)")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384, nosec = false)
@Write(offset = 0, len = 8192, direct = false)
// The three buffered policies of this package's @Policies decide alike (spec table rows identical):
@ExpectLock(value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class E20BufferedNotNosecOverwrite {
}

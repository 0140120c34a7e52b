package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned append at EOF (pos == i_size), buffered",
          why = "A buffered append is exclusive on every buffered path, with no drain (no EOF gap to zero).",
          source = "policy spec §7, E10 (buffered rows)")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 8192)
@Write(offset = 8192, len = 8192, direct = false)
// The three buffered policies of this package's @Policies decide alike (spec table rows identical):
@ExpectLock(value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class E10BufferedAppendAtEof {
}

package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned 8K across written+unwritten (Baokun test 1), buffered",
          why = "Buffered writes take the exclusive inode lock whatever the extents: ext4 (buffer_head and iomap) and "
                + "XFS alike.",
          source = "policy spec §7, E01 (buffered rows)")
@ExtentLayout(blocks = "W U U W", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 8192, direct = false)
// The three buffered policies of this package's @Policies decide alike (spec table rows identical):
@ExpectLock(value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class E01BufferedAcrossWrittenUnwritten {
}

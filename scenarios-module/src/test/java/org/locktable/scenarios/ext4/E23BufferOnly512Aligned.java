package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "pos/len block-aligned but user buffer only 512-aligned",
          why = "A 512-aligned user buffer makes the write unaligned for ext4 (iov_iter_alignment) but not for XFS; "
                + "every DIO policy still shares this overwrite of written blocks.",
          source = "policy spec §7, E23")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 8192, bufferAlignment = 512)
// The six DIO policies of this package's @Policies decide alike (spec table rows identical):
@ExpectLock(value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
class E23BufferOnly512Aligned {
}

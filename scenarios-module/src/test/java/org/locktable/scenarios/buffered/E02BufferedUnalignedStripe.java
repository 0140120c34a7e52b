package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Unaligned 14336 @ +512 in [W][U][U][W] stripe (Baokun test 2), buffered",
          why = "Partial blocks are read-modify-written in the page cache, so an unaligned buffered write needs no "
                + "drain; it is still exclusive.",
          source = "policy spec §7, E02 (buffered rows)")
@ExtentLayout(blocks = "W U U W", blockSize = 4096, size = 16384)
@Write(offset = 512, len = 14336, direct = false)
// The three buffered policies of this package's @Policies decide alike (spec table rows identical):
@ExpectLock(value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class E02BufferedUnalignedStripe {
}

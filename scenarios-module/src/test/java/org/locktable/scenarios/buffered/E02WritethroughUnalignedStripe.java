package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Policies;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Unaligned 14336 @ +512 in [W][U][U][W] stripe (Baokun test 2), RWF_WRITETHROUGH|RWF_NOSERIAL",
          why = "The write-through DIO covers whole blocks of the up-to-date folios, so an unaligned write needs no "
                + "sub-block zeroing and stays shared.",
          source = "seed 002; policy spec §5.9 [inferred] and §7, E02 (xfs-writethrough-noserial row)")
@Policies("xfs-writethrough-noserial")
@ExtentLayout(blocks = "W U U W", blockSize = 4096, size = 16384)
@Write(offset = 512, len = 14336, direct = false, writethrough = true, noserial = true)
@ExpectLock(value = SHARED, drain = false, result = WriteResult.OK)
class E02WritethroughUnalignedStripe {
}

package org.locktable.scenarios.buffered;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "512B write on a 4Kn device (lbs=4096), buffered",
          why = "The 512-byte write that is invalid as DIO on a 4Kn device is fine buffered: exclusive, no drain.",
          source = "policy spec §7, E30 (buffered rows)")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384, logicalBlockSize = 4096)
@Write(offset = 4608, len = 512, direct = false)
// The three buffered policies of this package's @Policies decide alike (spec table rows identical):
@ExpectLock(value = EXCLUSIVE, drain = false, result = WriteResult.OK)
class E30BufferedSubBlockOn4KnDevice {
}

package org.locktable.scenarios.ext4;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "Aligned 8K pure overwrite inside one written extent",
          why = "The baseline every DIO policy shares: an aligned overwrite of one written extent (ext4-2019 starts "
                + "exclusive and downgrades).",
          source = "policy spec §7, E04")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 4096, len = 8192)
// The six DIO policies of this package's @Policies decide alike (spec table rows identical):
@ExpectLock(value = SHARED, drain = false, forceWait = false, result = WriteResult.OK)
class E04AlignedOverwriteOneExtent {
}

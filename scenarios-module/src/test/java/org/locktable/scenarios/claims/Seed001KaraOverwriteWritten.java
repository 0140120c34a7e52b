package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Jan Kara: 4 KiB DIO overwrite of written blocks",
          why = "\"Use iomap operations that avoid starting a transaction for direct IO overwrites\": the fio randrw "
                  + "psync 4k write overwrites one written extent, so ext4-2019 downgrades to shared, as mainline still decides.",
          source = "seed 001, [PATCH] ext4: Optimize ext4 DIO overwrites")
@ExtentLayout(blocks = "W*8", blockSize = 4096, size = 32768)
@Write(offset = 8192, len = 4096)
@ExpectLock(policy = "ext4-2019-overwrite", value = SHARED, drain = false, forceWait = false)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false)
@ExpectSame({"ext4-2019-overwrite", "ext4-base"})
class Seed001KaraOverwriteWritten {
}

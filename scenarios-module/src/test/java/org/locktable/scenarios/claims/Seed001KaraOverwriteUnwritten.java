package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectNoStricter;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Jan Kara: 4 KiB DIO write into an unwritten (preallocated) extent",
          why = "ext4_overwrite_io of v5.5 accepts only a mapped (written) extent, so the write into preallocated space "
                  + "keeps the exclusive lock on ext4-2019; mainline (since ~v6.4) shares it.",
          source = "seed 001, [PATCH] ext4: Optimize ext4 DIO overwrites; policy spec §2.2")
@ExtentLayout(blocks = "U*8", blockSize = 4096, size = 32768)
@Write(offset = 8192, len = 4096)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = false, forceWait = false)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false)
@ExpectNoStricter(policy = "ext4-base", than = "ext4-2019-overwrite")
class Seed001KaraOverwriteUnwritten {
}

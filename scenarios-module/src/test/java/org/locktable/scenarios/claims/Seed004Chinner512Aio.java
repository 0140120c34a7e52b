package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectNoStricter;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Chinner's benchmark write: 512-byte AIO DIO inside one written extent",
          why = "The fio case of the patch (512-byte IOs using AIO, iodepth 32): v5.12 keeps it shared and queued, v5.11 "
                  + "drains and waits for every one; ext4-2019 also serialised unaligned AIO.",
          source = "seed 004, [PATCH 11/11] xfs: reduce exclusive locking on unaligned dio (AIO variant)")
@ExtentLayout(blocks = "W*8", blockSize = 4096, size = 32768)
@Write(offset = 12800, len = 512, async = true)
@ExpectLock(policy = "xfs-dio", value = SHARED, drain = false, forceWait = false)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true)
@ExpectLock(policy = "ext4-2019-overwrite", value = EXCLUSIVE, drain = true, forceWait = true)
@ExpectLock(policy = "ext4-base", value = SHARED, drain = false, forceWait = false)
@ExpectNoStricter(policy = "xfs-dio", than = "xfs-dio-v5.11")
class Seed004Chinner512Aio {
}

package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Chinner: unaligned DIO write ending past an unaligned EOF, inside a written block",
          why = "\"For any IO that _ends_ past the current EOF we need to run with full exclusivity\": the block is written, "
                  + "yet iomap zeroes the post-EOF tail, so v5.12 goes straight to the exclusive, drained, waited path.",
          source = "seed 004, [PATCH 11/11] (xfs_file_dio_write_unaligned comment)")
@ExtentLayout(blocks = "W W", blockSize = 4096, size = 6144)
@Write(offset = 5632, len = 1024)
@ExpectLock(policy = "xfs-dio", value = EXCLUSIVE, drain = true, forceWait = true)
@ExpectLock(policy = "xfs-dio-v5.11", value = EXCLUSIVE, drain = true, forceWait = true)
class Seed004ChinnerEndsPastEof {
}

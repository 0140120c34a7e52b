package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "ext4 buffered 4 KiB overwrite: buffer_head path vs iomap path",
          why = "The v5 series changes the write path, not its locking (the cover letter names no locking change): both "
                  + "paths hold the exclusive inode lock, with no drain.",
          source = "seed 003, [PATCH -next v5 00/32] ext4: use iomap for regular file's buffered I/O path (OW=1 runs)")
@ExtentLayout(blocks = "W*8", blockSize = 4096, size = 32768)
@Write(offset = 8192, len = 4096, direct = false)
@ExpectLock(policy = "ext4-buffered-bh", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
@ExpectLock(policy = "ext4-buffered-iomap", value = EXCLUSIVE, drain = false, result = WriteResult.OK)
@ExpectSame({"ext4-buffered-bh", "ext4-buffered-iomap"})
class Seed003Ext4BufferedOverwrite {
}

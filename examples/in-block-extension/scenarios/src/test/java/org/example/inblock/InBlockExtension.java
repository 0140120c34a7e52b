package org.example.inblock;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Unaligned write extending i_size within its written EOF block",
        why = "ext4-in-block-extension keeps it shared and queued; mainline takes the lock exclusive and waits")
@ExtentLayout(blocks = "W W", size = 6144)
@Write(offset = 6144, len = 1024, async = true)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, forceWait = true)
@ExpectLock(policy = "ext4-in-block-extension", value = SHARED)
class InBlockExtension {
}

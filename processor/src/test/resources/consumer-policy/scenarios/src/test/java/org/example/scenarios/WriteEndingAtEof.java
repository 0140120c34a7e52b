package org.example.scenarios;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectNoStricter;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Aligned overwrite ending at i_size", why = "ext4-eof-extending counts it as extending")
@ExtentLayout(blocks = "W W")
@Write(offset = 0, len = 8192)
@ExpectLock(policy = "ext4-base", value = SHARED)
@ExpectLock(policy = "ext4-eof-extending", value = EXCLUSIVE, forceWait = true)
@ExpectNoStricter(policy = "ext4-base", than = "ext4-eof-extending")
class WriteEndingAtEof {
}

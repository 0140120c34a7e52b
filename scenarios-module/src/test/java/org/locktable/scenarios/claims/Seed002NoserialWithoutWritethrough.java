package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.NONE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "RWF_NOSERIAL without RWF_WRITETHROUGH",
          why = "\"For now, it is only supported with RWF_WRITETHROUGH\": a buffered write asking for NOSERIAL alone is "
                  + "refused before any lock is taken.",
          source = "seed 002, v4 cover letter (section 1)")
@ExtentLayout(blocks = "W W W W", blockSize = 4096, size = 16384)
@Write(offset = 0, len = 8192, direct = false, noserial = true)
@ExpectLock(policy = "xfs-writethrough-noserial", value = NONE, result = WriteResult.EOPNOTSUPP)
class Seed002NoserialWithoutWritethrough {
}

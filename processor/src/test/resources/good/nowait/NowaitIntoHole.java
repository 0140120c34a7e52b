package golden.nowait;

import static org.locktable.dsl.LockMode.SHARED;
import static org.locktable.dsl.NowaitOutcome.EAGAIN;
import static org.locktable.dsl.NowaitOutcome.PROCEEDS_MAY_BLOCK;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectNoStricter;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.dsl.WriteResult;

@Scenario(title = "RWF_NOWAIT aligned write into a hole",
          why = "mainline ext4 and XFS refuse it with -EAGAIN; patch 1 lets it through although block allocation may block",
          source = "kernel observations, Linux 6.18")
@ExtentLayout(blocks = "W H W")
@Write(offset = 4096, len = 4096, nowait = true)
@ExpectLock(policy = "ext4-base", value = SHARED, nowait = EAGAIN, result = WriteResult.EAGAIN)
@ExpectLock(policy = "ext4-patch1", value = SHARED, nowait = PROCEEDS_MAY_BLOCK, result = WriteResult.OK)
@ExpectLock(policy = "xfs-dio", value = SHARED, nowait = EAGAIN)
@ExpectNoStricter(policy = "ext4-patch1", than = "ext4-base")
public class NowaitIntoHole {
}

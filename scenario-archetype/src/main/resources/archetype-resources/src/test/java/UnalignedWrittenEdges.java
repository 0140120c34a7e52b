package ${package};

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectNoStricter;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Unaligned write, written head and tail, unwritten middle",
          why = "the case patch 2 relaxes", source = "seed 000, test 2")
@ExtentLayout(blocks = "W U U W", blockSize = 4096)
@Write(offset = 512, len = 14336)
@ExpectLock(policy = "ext4-base", value = EXCLUSIVE, drain = true)
@ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE)
@ExpectLock(policy = "ext4-patch2", value = SHARED)
@ExpectNoStricter(policy = "ext4-patch2", than = "ext4-base")
class UnalignedWrittenEdges {
}

package golden.pkg;

import static org.locktable.dsl.LockMode.SHARED;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Aligned overwrite of one written extent")
@ExtentLayout(blocks = "W W W W")
@Write(offset = 4096, len = 8192)
@ExpectLock(SHARED)
public class AlignedOverwrite {
}

package golden.pkg;

import static org.locktable.dsl.LockMode.EXCLUSIVE;

import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;

@Scenario(title = "Aligned append at EOF", why = "extending i_size takes the exclusive lock in every ext4 variant")
@ExtentLayout(blocks = "W W")
@Write(offset = 8192, len = 4096)
@ExpectLock(EXCLUSIVE)
@ExpectSame({"ext4-base", "ext4-patch1", "ext4-patch2"})
public class AlignedAppend {
}

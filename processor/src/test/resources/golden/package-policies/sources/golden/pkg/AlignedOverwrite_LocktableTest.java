package golden.pkg;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.ScenarioCheck;

/**
 * The locktable suite of {@code golden.pkg.AlignedOverwrite}: Aligned overwrite of one written extent
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from golden.pkg.AlignedOverwrite; do not edit"
)
final class AlignedOverwrite_LocktableTest {
    private static final String SCENARIO = "golden.pkg.AlignedOverwrite";

    private static final String RERUN = "mvn test -Dtest=AlignedOverwrite_LocktableTest#";

    private static Inode inode() {
        try {
            return Inode.builder(Layout.parse("W W W W")).blockSize(4096).logicalBlockSize(512).size(16384L).diskSize(16384L).nosec(true).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private static WriteRequest write() {
        try {
            return WriteRequest.builder(4096L, 8192L).direct(true).async(false).nowait(false).dsync(false).writethrough(false).noserial(false).bufferAlignment(4096L).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @Test
    @DisplayName("ext4-patch1: SHARED")
    void expect_ext4_patch1() {
        ScenarioCheck.expect(SCENARIO, inode(), write(), Expectation.lock("ext4-patch1", Lock.SHARED), RERUN + "expect_ext4_patch1");
    }

    @Test
    @DisplayName("ext4-patch2: SHARED")
    void expect_ext4_patch2() {
        ScenarioCheck.expect(SCENARIO, inode(), write(), Expectation.lock("ext4-patch2", Lock.SHARED), RERUN + "expect_ext4_patch2");
    }

    @Test
    @DisplayName("every catalog policy decides as recorded when the suite was generated")
    void everyPolicyAsRecorded() {
        Map<String, String> recorded = new LinkedHashMap<>();
        recorded.put("ext4-2019-overwrite", "SHARED OK");
        recorded.put("ext4-base", "SHARED OK");
        recorded.put("ext4-patch1", "SHARED OK");
        recorded.put("ext4-patch2", "SHARED OK");
        recorded.put("xfs-dio-v5.11", "SHARED OK");
        recorded.put("xfs-dio", "SHARED OK");
        recorded.put("xfs-buffered", "SHARED OK");
        recorded.put("xfs-writethrough-noserial", "SHARED OK");
        recorded.put("ext4-buffered-bh", "SHARED OK");
        recorded.put("ext4-buffered-iomap", "SHARED OK");
        ScenarioCheck.recorded(SCENARIO, inode(), write(), recorded, RERUN + "everyPolicyAsRecorded");
    }
}

package golden.nowait;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.ScenarioCheck;

/**
 * The locktable suite of {@code golden.nowait.NowaitIntoHole}: RWF_NOWAIT aligned write into a hole
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from golden.nowait.NowaitIntoHole; do not edit"
)
final class NowaitIntoHole_LocktableTest {
    private static final String SCENARIO = "golden.nowait.NowaitIntoHole";

    private static final String RERUN = "mvn test -Dtest=NowaitIntoHole_LocktableTest#";

    private static Inode inode() {
        try {
            return Inode.builder(Layout.parse("W H W")).blockSize(4096).logicalBlockSize(512).size(12288L).diskSize(12288L).nosec(true).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private static WriteRequest write() {
        try {
            return WriteRequest.builder(4096L, 4096L).direct(true).async(false).nowait(true).dsync(false).writethrough(false).noserial(false).bufferAlignment(4096L).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @Test
    @DisplayName("ext4-base: SHARED, NOWAIT EAGAIN, result EAGAIN")
    void expect_ext4_base() {
        ScenarioCheck.expect(SCENARIO, inode(), write(), Expectation.lock("ext4-base", Lock.SHARED).withNowait(NowaitOutcome.EAGAIN).withResult(Result.EAGAIN), RERUN + "expect_ext4_base");
    }

    @Test
    @DisplayName("ext4-patch1: SHARED, NOWAIT PROCEEDS_MAY_BLOCK, result OK")
    void expect_ext4_patch1() {
        ScenarioCheck.expect(SCENARIO, inode(), write(), Expectation.lock("ext4-patch1", Lock.SHARED).withNowait(NowaitOutcome.PROCEEDS_MAY_BLOCK).withResult(Result.OK), RERUN + "expect_ext4_patch1");
    }

    @Test
    @DisplayName("xfs-dio: SHARED, NOWAIT EAGAIN")
    void expect_xfs_dio() {
        ScenarioCheck.expect(SCENARIO, inode(), write(), Expectation.lock("xfs-dio", Lock.SHARED).withNowait(NowaitOutcome.EAGAIN), RERUN + "expect_xfs_dio");
    }

    @Test
    @DisplayName("ext4-patch1 is no stricter than ext4-base")
    void noStricter_ext4_patch1_than_ext4_base() {
        ScenarioCheck.noStricter(SCENARIO, inode(), write(), "ext4-patch1", "ext4-base", RERUN + "noStricter_ext4_patch1_than_ext4_base");
    }

    @Test
    @DisplayName("every catalog policy decides as recorded when the suite was generated")
    void everyPolicyAsRecorded() {
        Map<String, String> recorded = new LinkedHashMap<>();
        recorded.put("ext4-2019-overwrite", "EXCLUSIVE nowait=PROCEEDS_MAY_BLOCK OK");
        recorded.put("ext4-base", "SHARED nowait=EAGAIN EAGAIN");
        recorded.put("ext4-patch1", "SHARED nowait=PROCEEDS_MAY_BLOCK OK");
        recorded.put("ext4-patch2", "SHARED nowait=PROCEEDS_MAY_BLOCK OK");
        recorded.put("xfs-dio-v5.11", "SHARED nowait=EAGAIN EAGAIN");
        recorded.put("xfs-dio", "SHARED nowait=EAGAIN EAGAIN");
        recorded.put("xfs-buffered", "SHARED nowait=EAGAIN EAGAIN");
        recorded.put("xfs-writethrough-noserial", "SHARED nowait=EAGAIN EAGAIN");
        recorded.put("ext4-buffered-bh", "SHARED nowait=EAGAIN EAGAIN");
        recorded.put("ext4-buffered-iomap", "SHARED nowait=EAGAIN EAGAIN");
        ScenarioCheck.recorded(SCENARIO, inode(), write(), recorded, RERUN + "everyPolicyAsRecorded");
    }
}

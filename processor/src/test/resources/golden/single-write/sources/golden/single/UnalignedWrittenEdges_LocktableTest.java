package golden.single;

import java.util.LinkedHashMap;
import java.util.List;
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
 * The locktable suite of {@code golden.single.UnalignedWrittenEdges}: Unaligned write, written head and tail, unwritten middle
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from golden.single.UnalignedWrittenEdges; do not edit"
)
final class UnalignedWrittenEdges_LocktableTest {
    private static final String SCENARIO = "golden.single.UnalignedWrittenEdges";

    private static final String RERUN = "mvn test -Dtest=UnalignedWrittenEdges_LocktableTest#";

    private static Inode inode() {
        try {
            return Inode.builder(Layout.parse("W U U W")).blockSize(4096).logicalBlockSize(512).size(16384L).diskSize(16384L).nosec(true).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private static WriteRequest write() {
        try {
            return WriteRequest.builder(512L, 14336L).direct(true).async(false).nowait(false).dsync(false).writethrough(false).noserial(false).bufferAlignment(4096L).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @Test
    @DisplayName("ext4-base: EXCLUSIVE, drain, force-wait")
    void expect_ext4_base() {
        ScenarioCheck.expect(SCENARIO, inode(), write(), Expectation.lock("ext4-base", Lock.EXCLUSIVE).withDrain(true).withForceWait(true), RERUN + "expect_ext4_base");
    }

    @Test
    @DisplayName("ext4-patch1: EXCLUSIVE")
    void expect_ext4_patch1() {
        ScenarioCheck.expect(SCENARIO, inode(), write(), Expectation.lock("ext4-patch1", Lock.EXCLUSIVE), RERUN + "expect_ext4_patch1");
    }

    @Test
    @DisplayName("ext4-patch2: SHARED, no drain")
    void expect_ext4_patch2() {
        ScenarioCheck.expect(SCENARIO, inode(), write(), Expectation.lock("ext4-patch2", Lock.SHARED).withDrain(false), RERUN + "expect_ext4_patch2");
    }

    @Test
    @DisplayName("ext4-patch2 is no stricter than ext4-base")
    void noStricter_ext4_patch2_than_ext4_base() {
        ScenarioCheck.noStricter(SCENARIO, inode(), write(), "ext4-patch2", "ext4-base", RERUN + "noStricter_ext4_patch2_than_ext4_base");
    }

    @Test
    @DisplayName("ext4-base, ext4-patch1 decide the same")
    void same_ext4_base_ext4_patch1() {
        ScenarioCheck.same(SCENARIO, inode(), write(), List.of("ext4-base", "ext4-patch1"), RERUN + "same_ext4_base_ext4_patch1");
    }

    @Test
    @DisplayName("every catalog policy decides as recorded when the suite was generated")
    void everyPolicyAsRecorded() {
        Map<String, String> recorded = new LinkedHashMap<>();
        recorded.put("ext4-2019-overwrite", "EXCLUSIVE OK");
        recorded.put("ext4-base", "EXCLUSIVE drain force-wait OK");
        recorded.put("ext4-patch1", "EXCLUSIVE drain force-wait OK");
        recorded.put("ext4-patch2", "SHARED OK");
        recorded.put("xfs-dio-v5.11", "EXCLUSIVE drain force-wait OK");
        recorded.put("xfs-dio", "EXCLUSIVE drain force-wait OK");
        recorded.put("xfs-buffered", "EXCLUSIVE drain force-wait OK");
        recorded.put("xfs-writethrough-noserial", "EXCLUSIVE drain force-wait OK");
        recorded.put("ext4-buffered-bh", "EXCLUSIVE drain force-wait OK");
        recorded.put("ext4-buffered-iomap", "EXCLUSIVE drain force-wait OK");
        ScenarioCheck.recorded(SCENARIO, inode(), write(), recorded, RERUN + "everyPolicyAsRecorded");
    }
}

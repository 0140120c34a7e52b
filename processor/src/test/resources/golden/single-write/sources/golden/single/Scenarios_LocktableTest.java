package golden.single;

import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ScenarioSuite;

/**
 * The locktable suite of the scenario classes of {@code golden.single}: each test is named by its class and its expectation.
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from the scenarios of golden.single; do not edit"
)
final class Scenarios_LocktableTest {
    /**
     * {@code golden.single.UnalignedWrittenEdges}: Unaligned write, written head and tail, unwritten middle
     */
    private static final ScenarioSuite UnalignedWrittenEdges_SUITE = ScenarioSuite.of("golden.single.UnalignedWrittenEdges", "Scenarios_LocktableTest",
            "layout=\"W U U W\" bs=4096 lbs=512 i_size=16384",
            "O_DIRECT write offset=512 len=14336");

    @Test
    @DisplayName("UnalignedWrittenEdges: ext4-base: EXCLUSIVE, drain, force-wait")
    void UnalignedWrittenEdges_expect_ext4_base() {
        UnalignedWrittenEdges_SUITE.expect("UnalignedWrittenEdges_expect_ext4_base", "ext4-base", "EXCLUSIVE, drain, force-wait");
    }

    @Test
    @DisplayName("UnalignedWrittenEdges: ext4-patch1: EXCLUSIVE")
    void UnalignedWrittenEdges_expect_ext4_patch1() {
        UnalignedWrittenEdges_SUITE.expect("UnalignedWrittenEdges_expect_ext4_patch1", "ext4-patch1", "EXCLUSIVE");
    }

    @Test
    @DisplayName("UnalignedWrittenEdges: ext4-patch2: SHARED, no drain")
    void UnalignedWrittenEdges_expect_ext4_patch2() {
        UnalignedWrittenEdges_SUITE.expect("UnalignedWrittenEdges_expect_ext4_patch2", "ext4-patch2", "SHARED, no drain");
    }

    @Test
    @DisplayName("UnalignedWrittenEdges: ext4-patch2 is no stricter than ext4-base")
    void UnalignedWrittenEdges_noStricter_ext4_patch2_than_ext4_base() {
        UnalignedWrittenEdges_SUITE.noStricter("UnalignedWrittenEdges_noStricter_ext4_patch2_than_ext4_base", "ext4-patch2", "ext4-base");
    }

    @Test
    @DisplayName("UnalignedWrittenEdges: ext4-base, ext4-patch1 decide the same")
    void UnalignedWrittenEdges_same_ext4_base_ext4_patch1() {
        UnalignedWrittenEdges_SUITE.same("UnalignedWrittenEdges_same_ext4_base_ext4_patch1", "ext4-base", "ext4-patch1");
    }

    @Test
    @DisplayName("UnalignedWrittenEdges: every catalog policy decides as recorded when the suite was generated")
    void UnalignedWrittenEdges_everyPolicyAsRecorded() {
        UnalignedWrittenEdges_SUITE.recorded("UnalignedWrittenEdges_everyPolicyAsRecorded",
                "ext4-2019-overwrite=EXCLUSIVE OK",
                "ext4-v5.10=EXCLUSIVE drain force-wait OK",
                "ext4-base=EXCLUSIVE drain force-wait OK",
                "ext4-patch1=EXCLUSIVE drain force-wait OK",
                "ext4-patch2=SHARED OK",
                "ext4-eof-fix=EXCLUSIVE drain force-wait OK",
                "xfs-dio-v5.11=EXCLUSIVE drain force-wait OK",
                "xfs-dio=EXCLUSIVE drain force-wait OK",
                "xfs-buffered=EXCLUSIVE drain force-wait OK",
                "xfs-writethrough-noserial=EXCLUSIVE drain force-wait OK",
                "ext4-buffered-bh=EXCLUSIVE drain force-wait OK",
                "ext4-buffered-bh-dio-wait=EXCLUSIVE drain force-wait OK",
                "ext4-buffered-iomap=EXCLUSIVE drain force-wait OK");
    }
}

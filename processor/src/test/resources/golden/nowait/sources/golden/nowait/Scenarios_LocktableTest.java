package golden.nowait;

import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ScenarioSuite;

/**
 * The locktable suite of the scenario classes of {@code golden.nowait}: each test is named by its class and its expectation.
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from the scenarios of golden.nowait; do not edit"
)
final class Scenarios_LocktableTest {
    /**
     * {@code golden.nowait.NowaitIntoHole}: RWF_NOWAIT aligned write into a hole
     */
    private static final ScenarioSuite NowaitIntoHole_SUITE = ScenarioSuite.of("golden.nowait.NowaitIntoHole", "Scenarios_LocktableTest",
            "layout=\"W H W\" bs=4096 lbs=512 i_size=12288",
            "O_DIRECT write offset=4096 len=4096 RWF_NOWAIT");

    @Test
    @DisplayName("NowaitIntoHole: ext4-base: SHARED, NOWAIT EAGAIN, result EAGAIN")
    void NowaitIntoHole_expect_ext4_base() {
        NowaitIntoHole_SUITE.expect("NowaitIntoHole_expect_ext4_base", "ext4-base", "SHARED, NOWAIT EAGAIN, result EAGAIN");
    }

    @Test
    @DisplayName("NowaitIntoHole: ext4-patch1: SHARED, NOWAIT PROCEEDS_MAY_BLOCK, result OK")
    void NowaitIntoHole_expect_ext4_patch1() {
        NowaitIntoHole_SUITE.expect("NowaitIntoHole_expect_ext4_patch1", "ext4-patch1", "SHARED, NOWAIT PROCEEDS_MAY_BLOCK, result OK");
    }

    @Test
    @DisplayName("NowaitIntoHole: xfs-dio: SHARED, NOWAIT EAGAIN")
    void NowaitIntoHole_expect_xfs_dio() {
        NowaitIntoHole_SUITE.expect("NowaitIntoHole_expect_xfs_dio", "xfs-dio", "SHARED, NOWAIT EAGAIN");
    }

    @Test
    @DisplayName("NowaitIntoHole: ext4-patch1 is no stricter than ext4-base")
    void NowaitIntoHole_noStricter_ext4_patch1_than_ext4_base() {
        NowaitIntoHole_SUITE.noStricter("NowaitIntoHole_noStricter_ext4_patch1_than_ext4_base", "ext4-patch1", "ext4-base");
    }

    @Test
    @DisplayName("NowaitIntoHole: every catalog policy decides as recorded when the suite was generated")
    void NowaitIntoHole_everyPolicyAsRecorded() {
        NowaitIntoHole_SUITE.recorded("NowaitIntoHole_everyPolicyAsRecorded",
                "ext4-2019-overwrite=EXCLUSIVE nowait=PROCEEDS_MAY_BLOCK OK",
                "ext4-v5.10=SHARED nowait=EAGAIN EAGAIN",
                "ext4-base=SHARED nowait=EAGAIN EAGAIN",
                "ext4-patch1=SHARED nowait=PROCEEDS_MAY_BLOCK OK",
                "ext4-patch2=SHARED nowait=PROCEEDS_MAY_BLOCK OK",
                "ext4-eof-fix=SHARED nowait=EAGAIN EAGAIN",
                "xfs-dio-v5.11=SHARED nowait=EAGAIN EAGAIN",
                "xfs-dio=SHARED nowait=EAGAIN EAGAIN",
                "xfs-buffered=SHARED nowait=EAGAIN EAGAIN",
                "xfs-writethrough-noserial=SHARED nowait=EAGAIN EAGAIN",
                "ext4-buffered-bh=SHARED nowait=EAGAIN EAGAIN",
                "ext4-buffered-bh-dio-wait=SHARED nowait=EAGAIN EAGAIN",
                "ext4-buffered-iomap=SHARED nowait=EAGAIN EAGAIN");
    }
}

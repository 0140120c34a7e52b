package golden.privilege;

import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ScenarioSuite;

/**
 * The locktable suite of the scenario classes of {@code golden.privilege}: each test is named by its class and its expectation.
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from the scenarios of golden.privilege; do not edit"
)
final class Scenarios_LocktableTest {
    /**
     * {@code golden.privilege.SetuidUnprivileged}: RWF_NOWAIT overwrite of a set-uid file by an unprivileged caller
     */
    private static final ScenarioSuite SetuidUnprivileged_SUITE = ScenarioSuite.of("golden.privilege.SetuidUnprivileged", "Scenarios_LocktableTest",
            "layout=\"W W\" bs=4096 lbs=512 i_size=8192 mode=4755 !IS_NOSEC",
            "O_DIRECT write offset=0 len=4096 RWF_NOWAIT unprivileged");

    @Test
    @DisplayName("SetuidUnprivileged: ext4-base: SHARED, NOWAIT EAGAIN, result EAGAIN")
    void SetuidUnprivileged_expect_ext4_base() {
        SetuidUnprivileged_SUITE.expect("SetuidUnprivileged_expect_ext4_base", "ext4-base", "SHARED, NOWAIT EAGAIN, result EAGAIN");
    }

    @Test
    @DisplayName("SetuidUnprivileged: xfs-dio: EXCLUSIVE, NOWAIT EAGAIN, result EAGAIN")
    void SetuidUnprivileged_expect_xfs_dio() {
        SetuidUnprivileged_SUITE.expect("SetuidUnprivileged_expect_xfs_dio", "xfs-dio", "EXCLUSIVE, NOWAIT EAGAIN, result EAGAIN");
    }

    @Test
    @DisplayName("SetuidUnprivileged: every catalog policy decides as recorded when the suite was generated")
    void SetuidUnprivileged_everyPolicyAsRecorded() {
        SetuidUnprivileged_SUITE.recorded("SetuidUnprivileged_everyPolicyAsRecorded",
                "ext4-2019-overwrite=SHARED nowait=PROCEEDS_MAY_BLOCK OK",
                "ext4-v5.10=SHARED nowait=EAGAIN EAGAIN",
                "ext4-base=SHARED nowait=EAGAIN EAGAIN",
                "ext4-patch1=SHARED nowait=EAGAIN EAGAIN",
                "ext4-patch2=SHARED nowait=EAGAIN EAGAIN",
                "ext4-eof-fix=SHARED nowait=EAGAIN EAGAIN",
                "xfs-dio-v5.11=SHARED nowait=PROCEEDS_MAY_BLOCK OK",
                "xfs-dio=EXCLUSIVE nowait=EAGAIN EAGAIN",
                "xfs-buffered=EXCLUSIVE nowait=EAGAIN EAGAIN",
                "xfs-writethrough-noserial=EXCLUSIVE nowait=EAGAIN EAGAIN",
                "ext4-buffered-bh=SHARED nowait=EAGAIN EAGAIN",
                "ext4-buffered-bh-dio-wait=SHARED nowait=EAGAIN EAGAIN",
                "ext4-buffered-iomap=SHARED nowait=EAGAIN EAGAIN");
    }
}

package golden.pkg;

import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ScenarioSuite;

/**
 * The locktable suite of the scenario classes of {@code golden.pkg}: each test is named by its class and its expectation.
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from the scenarios of golden.pkg; do not edit"
)
final class Scenarios_LocktableTest {
    /**
     * {@code golden.pkg.AlignedAppend}: Aligned append at EOF
     */
    private static final ScenarioSuite AlignedAppend_SUITE = ScenarioSuite.of("golden.pkg.AlignedAppend", "Scenarios_LocktableTest",
            "layout=\"W W\" bs=4096 lbs=512 i_size=8192",
            "O_DIRECT write offset=8192 len=4096");

    /**
     * {@code golden.pkg.AlignedOverwrite}: Aligned overwrite of one written extent
     */
    private static final ScenarioSuite AlignedOverwrite_SUITE = ScenarioSuite.of("golden.pkg.AlignedOverwrite", "Scenarios_LocktableTest",
            "layout=\"W W W W\" bs=4096 lbs=512 i_size=16384",
            "O_DIRECT write offset=4096 len=8192");

    @Test
    @DisplayName("AlignedAppend: ext4-patch1: EXCLUSIVE")
    void AlignedAppend_expect_ext4_patch1() {
        AlignedAppend_SUITE.expect("AlignedAppend_expect_ext4_patch1", "ext4-patch1", "EXCLUSIVE");
    }

    @Test
    @DisplayName("AlignedAppend: ext4-patch2: EXCLUSIVE")
    void AlignedAppend_expect_ext4_patch2() {
        AlignedAppend_SUITE.expect("AlignedAppend_expect_ext4_patch2", "ext4-patch2", "EXCLUSIVE");
    }

    @Test
    @DisplayName("AlignedAppend: ext4-base, ext4-patch1, ext4-patch2 decide the same")
    void AlignedAppend_same_ext4_base_ext4_patch1_ext4_patch2() {
        AlignedAppend_SUITE.same("AlignedAppend_same_ext4_base_ext4_patch1_ext4_patch2", "ext4-base", "ext4-patch1", "ext4-patch2");
    }

    @Test
    @DisplayName("AlignedAppend: every catalog policy decides as recorded when the suite was generated")
    void AlignedAppend_everyPolicyAsRecorded() {
        AlignedAppend_SUITE.recorded("AlignedAppend_everyPolicyAsRecorded",
                "ext4-2019-overwrite=EXCLUSIVE force-wait OK",
                "ext4-v5.10=EXCLUSIVE force-wait OK",
                "ext4-base=EXCLUSIVE force-wait OK",
                "ext4-patch1=EXCLUSIVE force-wait OK",
                "ext4-patch2=EXCLUSIVE force-wait OK",
                "ext4-eof-fix=EXCLUSIVE force-wait OK",
                "xfs-dio-v5.11=SHARED OK",
                "xfs-dio=SHARED OK",
                "xfs-buffered=SHARED OK",
                "xfs-writethrough-noserial=SHARED OK",
                "ext4-buffered-bh=EXCLUSIVE force-wait OK",
                "ext4-buffered-bh-dio-wait=EXCLUSIVE force-wait OK",
                "ext4-buffered-iomap=EXCLUSIVE force-wait OK");
    }

    @Test
    @DisplayName("AlignedOverwrite: ext4-patch1: SHARED")
    void AlignedOverwrite_expect_ext4_patch1() {
        AlignedOverwrite_SUITE.expect("AlignedOverwrite_expect_ext4_patch1", "ext4-patch1", "SHARED");
    }

    @Test
    @DisplayName("AlignedOverwrite: ext4-patch2: SHARED")
    void AlignedOverwrite_expect_ext4_patch2() {
        AlignedOverwrite_SUITE.expect("AlignedOverwrite_expect_ext4_patch2", "ext4-patch2", "SHARED");
    }

    @Test
    @DisplayName("AlignedOverwrite: every catalog policy decides as recorded when the suite was generated")
    void AlignedOverwrite_everyPolicyAsRecorded() {
        AlignedOverwrite_SUITE.recorded("AlignedOverwrite_everyPolicyAsRecorded",
                "ext4-2019-overwrite=SHARED OK",
                "ext4-v5.10=SHARED OK",
                "ext4-base=SHARED OK",
                "ext4-patch1=SHARED OK",
                "ext4-patch2=SHARED OK",
                "ext4-eof-fix=SHARED OK",
                "xfs-dio-v5.11=SHARED OK",
                "xfs-dio=SHARED OK",
                "xfs-buffered=SHARED OK",
                "xfs-writethrough-noserial=SHARED OK",
                "ext4-buffered-bh=SHARED OK",
                "ext4-buffered-bh-dio-wait=SHARED OK",
                "ext4-buffered-iomap=SHARED OK");
    }
}

package golden.pkg;

import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ScenarioSuite;

/**
 * The locktable suite of {@code golden.pkg.AlignedAppend}: Aligned append at EOF
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from golden.pkg.AlignedAppend; do not edit"
)
final class AlignedAppend_LocktableTest {
    private static final ScenarioSuite SUITE = ScenarioSuite.of("golden.pkg.AlignedAppend", "AlignedAppend_LocktableTest",
            "layout=\"W W\" bs=4096 lbs=512 i_size=8192",
            "O_DIRECT write offset=8192 len=4096");

    @Test
    @DisplayName("ext4-patch1: EXCLUSIVE")
    void expect_ext4_patch1() {
        SUITE.expect("expect_ext4_patch1", "ext4-patch1", "EXCLUSIVE");
    }

    @Test
    @DisplayName("ext4-patch2: EXCLUSIVE")
    void expect_ext4_patch2() {
        SUITE.expect("expect_ext4_patch2", "ext4-patch2", "EXCLUSIVE");
    }

    @Test
    @DisplayName("ext4-base, ext4-patch1, ext4-patch2 decide the same")
    void same_ext4_base_ext4_patch1_ext4_patch2() {
        SUITE.same("same_ext4_base_ext4_patch1_ext4_patch2", "ext4-base", "ext4-patch1", "ext4-patch2");
    }

    @Test
    @DisplayName("every catalog policy decides as recorded when the suite was generated")
    void everyPolicyAsRecorded() {
        SUITE.recorded("everyPolicyAsRecorded",
                "ext4-2019-overwrite=EXCLUSIVE force-wait OK",
                "ext4-v5.10=EXCLUSIVE force-wait OK",
                "ext4-base=EXCLUSIVE force-wait OK",
                "ext4-patch1=EXCLUSIVE force-wait OK",
                "ext4-patch2=EXCLUSIVE force-wait OK",
                "xfs-dio-v5.11=SHARED OK",
                "xfs-dio=SHARED OK",
                "xfs-buffered=SHARED OK",
                "xfs-writethrough-noserial=SHARED OK",
                "ext4-buffered-bh=EXCLUSIVE force-wait OK",
                "ext4-buffered-iomap=EXCLUSIVE force-wait OK");
    }
}

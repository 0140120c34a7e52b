package golden.pkg;

import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ScenarioSuite;

/**
 * The locktable suite of {@code golden.pkg.AlignedOverwrite}: Aligned overwrite of one written extent
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from golden.pkg.AlignedOverwrite; do not edit"
)
final class AlignedOverwrite_LocktableTest {
    private static final ScenarioSuite SUITE = ScenarioSuite.of("golden.pkg.AlignedOverwrite", "AlignedOverwrite_LocktableTest",
            "layout=\"W W W W\" bs=4096 lbs=512 i_size=16384",
            "O_DIRECT write offset=4096 len=8192");

    @Test
    @DisplayName("ext4-patch1: SHARED")
    void expect_ext4_patch1() {
        SUITE.expect("expect_ext4_patch1", "ext4-patch1", "SHARED");
    }

    @Test
    @DisplayName("ext4-patch2: SHARED")
    void expect_ext4_patch2() {
        SUITE.expect("expect_ext4_patch2", "ext4-patch2", "SHARED");
    }

    @Test
    @DisplayName("every catalog policy decides as recorded when the suite was generated")
    void everyPolicyAsRecorded() {
        SUITE.recorded("everyPolicyAsRecorded",
                "ext4-2019-overwrite=SHARED OK",
                "ext4-v5.10=SHARED OK",
                "ext4-base=SHARED OK",
                "ext4-patch1=SHARED OK",
                "ext4-patch2=SHARED OK",
                "xfs-dio-v5.11=SHARED OK",
                "xfs-dio=SHARED OK",
                "xfs-buffered=SHARED OK",
                "xfs-writethrough-noserial=SHARED OK",
                "ext4-buffered-bh=SHARED OK",
                "ext4-buffered-iomap=SHARED OK");
    }
}

package golden.single;

import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ScenarioSuite;

/**
 * The locktable suite of {@code golden.single.UnalignedWrittenEdges}: Unaligned write, written head and tail, unwritten middle
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from golden.single.UnalignedWrittenEdges; do not edit"
)
final class UnalignedWrittenEdges_LocktableTest {
    private static final ScenarioSuite SUITE = ScenarioSuite.of("golden.single.UnalignedWrittenEdges", "UnalignedWrittenEdges_LocktableTest",
            "layout=\"W U U W\" bs=4096 lbs=512 i_size=16384",
            "O_DIRECT write offset=512 len=14336");

    @Test
    @DisplayName("ext4-base: EXCLUSIVE, drain, force-wait")
    void expect_ext4_base() {
        SUITE.expect("expect_ext4_base", "ext4-base", "EXCLUSIVE, drain, force-wait");
    }

    @Test
    @DisplayName("ext4-patch1: EXCLUSIVE")
    void expect_ext4_patch1() {
        SUITE.expect("expect_ext4_patch1", "ext4-patch1", "EXCLUSIVE");
    }

    @Test
    @DisplayName("ext4-patch2: SHARED, no drain")
    void expect_ext4_patch2() {
        SUITE.expect("expect_ext4_patch2", "ext4-patch2", "SHARED, no drain");
    }

    @Test
    @DisplayName("ext4-patch2 is no stricter than ext4-base")
    void noStricter_ext4_patch2_than_ext4_base() {
        SUITE.noStricter("noStricter_ext4_patch2_than_ext4_base", "ext4-patch2", "ext4-base");
    }

    @Test
    @DisplayName("ext4-base, ext4-patch1 decide the same")
    void same_ext4_base_ext4_patch1() {
        SUITE.same("same_ext4_base_ext4_patch1", "ext4-base", "ext4-patch1");
    }

    @Test
    @DisplayName("every catalog policy decides as recorded when the suite was generated")
    void everyPolicyAsRecorded() {
        SUITE.recorded("everyPolicyAsRecorded",
                "ext4-2019-overwrite=EXCLUSIVE OK",
                "ext4-v5.10=EXCLUSIVE drain force-wait OK",
                "ext4-base=EXCLUSIVE drain force-wait OK",
                "ext4-patch1=EXCLUSIVE drain force-wait OK",
                "ext4-patch2=SHARED OK",
                "xfs-dio-v5.11=EXCLUSIVE drain force-wait OK",
                "xfs-dio=EXCLUSIVE drain force-wait OK",
                "xfs-buffered=EXCLUSIVE drain force-wait OK",
                "xfs-writethrough-noserial=EXCLUSIVE drain force-wait OK",
                "ext4-buffered-bh=EXCLUSIVE drain force-wait OK",
                "ext4-buffered-iomap=EXCLUSIVE drain force-wait OK");
    }
}

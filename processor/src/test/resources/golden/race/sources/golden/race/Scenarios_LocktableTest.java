package golden.race;

import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.concurrency.RaceCheck;

/**
 * The locktable suite of the scenario classes of {@code golden.race}: each test is named by its class and its expectation.
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from the scenarios of golden.race; do not edit"
)
final class Scenarios_LocktableTest {
    private static final String RERUN = "mvn test -Dtest=Scenarios_LocktableTest#";

    /**
     * {@code golden.race.R4EofTailZero}: R4: an EOF-tail zero bio lands after an extending write
     */
    private static final RaceCheck R4EofTailZero_RACE = RaceCheck.of("golden.race.R4EofTailZero",
            "layout=\"W W\" bs=4096 lbs=512 i_size=6144",
            "aio-dio 5120+1024", "dio 4096+4096");

    @Test
    @DisplayName("R4EofTailZero: xfs-dio: SAFE")
    void R4EofTailZero_safe_xfs_dio() {
        R4EofTailZero_RACE.safe("xfs-dio", RERUN + "R4EofTailZero_safe_xfs_dio");
    }

    @Test
    @DisplayName("R4EofTailZero: xfs-dio-v5.11: SAFE")
    void R4EofTailZero_safe_xfs_dio_v5_11() {
        R4EofTailZero_RACE.safe("xfs-dio-v5.11", RERUN + "R4EofTailZero_safe_xfs_dio_v5_11");
    }

    @Test
    @DisplayName("R4EofTailZero: ext4-base: UNSAFE, bad [6144,8192)")
    void R4EofTailZero_unsafe_ext4_base() {
        R4EofTailZero_RACE.unsafe("ext4-base", "[6144,8192)", RERUN + "R4EofTailZero_unsafe_ext4_base");
    }

    @Test
    @DisplayName("R4EofTailZero: ext4-patch2: UNSAFE")
    void R4EofTailZero_unsafe_ext4_patch2() {
        R4EofTailZero_RACE.unsafe("ext4-patch2", "", RERUN + "R4EofTailZero_unsafe_ext4_patch2");
    }
}

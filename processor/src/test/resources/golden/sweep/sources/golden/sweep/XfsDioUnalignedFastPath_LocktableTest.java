package golden.sweep;

import java.util.List;
import javax.annotation.processing.Generated;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.RuleSpec;
import org.locktable.engine.scenario.SweepCheck;
import org.locktable.engine.scenario.SweepSpec;
import org.locktable.engine.table.Column;

/**
 * The locktable suite of {@code golden.sweep.XfsDioUnalignedFastPath}: xfs-dio: shared unless an unaligned write needs sub-block zeroing
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from golden.sweep.XfsDioUnalignedFastPath; do not edit"
)
final class XfsDioUnalignedFastPath_LocktableTest {
    private static final String SCENARIO = "golden.sweep.XfsDioUnalignedFastPath";

    private static final String RERUN = "mvn test -Dtest=XfsDioUnalignedFastPath_LocktableTest#";

    private static SweepSpec sweep() {
        try {
            return SweepSpec.builder().pattern("W ? W").blockSize(4096).boundaries(false).sizes(true, false).offsets(0L, 8192L, 2048L).lengths(2048L, 4096L, 2048L).nosec(true).nowait(false).async(false).direct(true).build(Long.MAX_VALUE);
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private static List<RuleSpec> rules() {
        return List.of(
                    RuleSpec.any("aligned", Expectation.lock("xfs-dio", Lock.SHARED)).where(Column.ALIGNMENT, 0),
                    RuleSpec.any("unaligned in one written extent", Expectation.lock("xfs-dio", Lock.SHARED)).where(Column.HEAD, 2).where(Column.RECORDS, 0).where(Column.EOF, 0),
                    RuleSpec.any("otherwise", Expectation.lock("xfs-dio", Lock.EXCLUSIVE).withDrain(true).withForceWait(true)));
    }

    @Test
    @DisplayName("rule \"aligned\" holds for xfs-dio over the sweep")
    void rule_aligned_xfs_dio() {
        SweepCheck.rule(SCENARIO, sweep(), rules(), 0, true, RERUN + "rule_aligned_xfs_dio");
    }

    @Test
    @DisplayName("rule \"unaligned in one written extent\" holds for xfs-dio over the sweep")
    void rule_unaligned_in_one_written_extent_xfs_dio() {
        SweepCheck.rule(SCENARIO, sweep(), rules(), 1, true, RERUN + "rule_unaligned_in_one_written_extent_xfs_dio");
    }

    @Test
    @DisplayName("rule \"otherwise\" holds for xfs-dio over the sweep")
    void rule_otherwise_xfs_dio() {
        SweepCheck.rule(SCENARIO, sweep(), rules(), 2, true, RERUN + "rule_otherwise_xfs_dio");
    }
}

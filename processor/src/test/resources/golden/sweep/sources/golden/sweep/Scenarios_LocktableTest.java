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
 * The locktable suite of the scenario classes of {@code golden.sweep}: each test is named by its class and its expectation.
 */
@Generated(
        value = "org.locktable.processor.LocktableProcessor",
        comments = "from the scenarios of golden.sweep; do not edit"
)
final class Scenarios_LocktableTest {
    private static final String RERUN = "mvn test -Dtest=Scenarios_LocktableTest#";

    /**
     * xfs-dio: shared unless an unaligned write needs sub-block zeroing
     */
    private static final String XfsDioUnalignedFastPath_SCENARIO = "golden.sweep.XfsDioUnalignedFastPath";

    private static SweepSpec XfsDioUnalignedFastPath_sweep() {
        try {
            return SweepSpec.builder().pattern("W ? W").blockSize(4096).boundaries(false).sizes(true, false).offsets(0L, 8192L, 2048L).lengths(2048L, 4096L, 2048L).nosec(true).nowait(false).async(false).direct(true).build(Long.MAX_VALUE);
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private static List<RuleSpec> XfsDioUnalignedFastPath_rules() {
        return List.of(
                    RuleSpec.any("aligned", Expectation.lock("xfs-dio", Lock.SHARED)).where(Column.ALIGNMENT, 0),
                    RuleSpec.any("unaligned in one written extent", Expectation.lock("xfs-dio", Lock.SHARED)).where(Column.HEAD, 2).where(Column.RECORDS, 0).where(Column.EOF, 0),
                    RuleSpec.any("otherwise", Expectation.lock("xfs-dio", Lock.EXCLUSIVE).withDrain(true).withForceWait(true)));
    }

    @Test
    @DisplayName("XfsDioUnalignedFastPath: rule \"aligned\" holds for xfs-dio over the sweep")
    void XfsDioUnalignedFastPath_rule_aligned_xfs_dio() {
        SweepCheck.rule(XfsDioUnalignedFastPath_SCENARIO, XfsDioUnalignedFastPath_sweep(), XfsDioUnalignedFastPath_rules(), 0, true, RERUN + "XfsDioUnalignedFastPath_rule_aligned_xfs_dio");
    }

    @Test
    @DisplayName("XfsDioUnalignedFastPath: rule \"unaligned in one written extent\" holds for xfs-dio over the sweep")
    void XfsDioUnalignedFastPath_rule_unaligned_in_one_written_extent_xfs_dio() {
        SweepCheck.rule(XfsDioUnalignedFastPath_SCENARIO, XfsDioUnalignedFastPath_sweep(), XfsDioUnalignedFastPath_rules(), 1, true, RERUN + "XfsDioUnalignedFastPath_rule_unaligned_in_one_written_extent_xfs_dio");
    }

    @Test
    @DisplayName("XfsDioUnalignedFastPath: rule \"otherwise\" holds for xfs-dio over the sweep")
    void XfsDioUnalignedFastPath_rule_otherwise_xfs_dio() {
        SweepCheck.rule(XfsDioUnalignedFastPath_SCENARIO, XfsDioUnalignedFastPath_sweep(), XfsDioUnalignedFastPath_rules(), 2, true, RERUN + "XfsDioUnalignedFastPath_rule_otherwise_xfs_dio");
    }
}

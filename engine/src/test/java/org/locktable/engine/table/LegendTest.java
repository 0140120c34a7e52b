package org.locktable.engine.table;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.CaseSpace;

/** Every table and diff page opens with a legend that explains every value its cells can hold. */
class LegendTest {

    @Test
    void legendsExplainEveryColumnValueAndEveryOutcome() {
        for (String legend : List.of(Legend.table(), Legend.diff())) {
            for (Column c : Column.values()) {
                assertTrue(legend.contains("*" + c.header() + "*"), "column " + c.header() + " unexplained");
                for (String v : c.domain()) {
                    assertTrue(legend.contains(v), c.header() + " value " + v + " unexplained");
                }
            }
            for (Result r : Result.values()) {
                assertTrue(legend.contains(r.name() + ": " + r.description()), r.name());
            }
            for (NowaitOutcome n : NowaitOutcome.values()) {
                if (n != NowaitOutcome.NOT_APPLICABLE) {
                    assertTrue(legend.contains(n.name() + ": " + n.description()), n.name());
                }
            }
            assertTrue(legend.contains("matches any of them"), "comma lists");
            assertTrue(legend.contains("setuid"), "the witness's flags");
        }
        assertTrue(Legend.table().contains("none: no inode lock taken"), "none in the lock column");
        assertTrue(Legend.table().contains("n/a: "), "n/a in the NOWAIT column");
        assertTrue(Legend.diff().contains("`S drain nowait=EAGAIN EAGAIN`"), "how to read a diff cell");
        assertTrue(Legend.diff().contains("- none taken"), "- in a diff cell");
    }

    @Test
    void everyTableAndDiffPageStartsWithTheLegend() throws InvalidInputException {
        CaseSpace space = CaseSpace.builder().maxBlocks(2).path(WritePath.DIRECT).build();
        String table = DecisionTable.build(PolicyCatalog.get("xfs-dio"), space).toMarkdown();
        assertTrue(table.startsWith("# xfs-dio — decision table\n\n" + Legend.table()), table);
        String diff = PolicyDiff.between(PolicyCatalog.get("xfs-dio-v5.11"), PolicyCatalog.get("xfs-dio"), space)
                .toMarkdown();
        assertTrue(diff.startsWith("# xfs-dio-v5.11 → xfs-dio — where the decisions differ\n\n" + Legend.diff()),
                diff);
        String same = PolicyDiff.between(PolicyCatalog.get("xfs-dio"), PolicyCatalog.get("xfs-dio"), space)
                .toMarkdown();
        assertTrue(same.startsWith("# xfs-dio → xfs-dio — where the decisions differ\n\n" + Legend.diff()), same);
    }
}

package org.locktable.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Operation;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.space.CaseSpace;
import org.locktable.engine.table.Conditions;
import org.locktable.engine.table.DecisionTable;
import org.locktable.engine.table.Outcome;

/** The covering sample (no root): a target per row of the table, each in its row, probe-able, with the row's outcome. */
class LockProbeSampleTest {
    @Test
    void everyRowHasATargetInsideIt() {
        for (String id : LockProbeRun.POLICIES) {
            Policy p = PolicyCatalog.builtIn(id);
            DecisionTable table = DecisionTable.build(p, CaseSpace.standard(p.info().path()));
            List<LockProbeSample.Target> targets = LockProbeSample.covering(p);
            assertEquals(table.rules().size(), targets.size(), id);
            for (LockProbeSample.Target t : targets) {
                assertFalse(t.probed() && !t.why().isEmpty(), t.toString());
                if (!t.probed()) {
                    continue;
                }
                int[] values = Conditions.decode(Conditions.of(t.inode(), t.write().request()));
                assertTrue(table.rules().get(t.row() - 1).matches(values), id + " " + t);
                assertEquals(t.outcome(), Outcome.of(p.decide(t.inode(), t.write().request(), Detail.LOCK)), id + " " + t);
                assertTrue(LockProbeSample.buildable(t.inode()), t.toString());
            }
        }
    }

    @Test
    void recordBoundariesBetweenLikeBlocksAreNotBuilt() throws Exception {
        assertTrue(LockProbeSample.buildable(Inode.builder(Layout.parse("W U W")).size(12288).build()));
        assertFalse(LockProbeSample.buildable(Inode.builder(Layout.parse("H H")).size(8192).build()));
        assertFalse(LockProbeSample.buildable(Inode.builder(Layout.parse("W W")).size(4096).build()));
    }

    @Test
    void theSectionCountsAgreementsAndListsRowsWithoutACase() throws Exception {
        Inode inode = Inode.builder(Layout.parse("W W W W")).size(16384).build();
        Outcome o = Outcome.of(PolicyCatalog.builtIn("ext4-base").decide(inode, Operation.aio(4608, 512).request(), Detail.LOCK));
        List<LockProbeSample.Target> targets = List.of(
                new LockProbeSample.Target("ext4-base", 1, "I/O=async", o, inode, Operation.aio(4608, 512), ""),
                new LockProbeSample.Target("ext4-base", 2, "I/O=sync", o, null, null, "sync writes only"));
        LockProbe.Result r = new LockProbe.Result("ext4-base", "W W W W", 16384, Operation.aio(4608, 512), List.of(
                new LockProbe.Grade("forceWait", "no", "no", ""), new LockProbe.Grade("drain", "no", "yes", ""),
                new LockProbe.Grade("finalLock", "S", "-", "no other written block inside i_size")));
        String md = LockProbeReport.markdown(targets, List.of(r), "Linux x");
        assertTrue(md.contains("| `ext4-base` | drain | 0 | 1 | 0 |"), md);
        assertTrue(md.contains("| `ext4-base` | 1 | `W W W W @16384: aio-dio 4608+512` | drain | no | yes |"), md);
        assertTrue(md.contains("| `ext4-base` | 2 | I/O=sync | "), md);
        assertTrue(md.contains("sync writes only |"), md);
    }
}

package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.locktable.conformance.CaseGroups;
import org.locktable.conformance.Pass;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.policy.Policy;

/** The observed table from answers a policy gives: it must name that policy, and show where another departs. */
class ObservedTableTest {
    static ObservedTable answersOf(Policy p, Pass pass) {
        Map<Long, Character> a = new HashMap<>();
        for (CaseGroups.Group g : CaseGroups.of(pass.space(), pass.lbs())) {
            for (CaseGroups.Write w : g.writes()) {
                a.put(w.index(), p.decide(g.inode(), w.request(), Detail.LOCK).result().name().charAt(0) == 'O' ? 'O'
                        : p.decide(g.inode(), w.request(), Detail.LOCK).result().name().equals("EAGAIN") ? 'A' : 'I');
            }
        }
        return ObservedTable.of(pass, p.info().fileSystem().label(), i -> a.getOrDefault(i, '.'));
    }

    @Test
    void aPolicysOwnAnswersMatchIt() throws Exception {
        ObservedTable t = answersOf(PolicyCatalog.get("xfs-dio-v5.11"), Pass.quick());
        assertTrue(t.match().contains("xfs-dio-v5.11"), t.match().toString());
        assertFalse(t.match().contains("xfs-dio"), t.match().toString());
        assertTrue(t.conflicts().isEmpty());
        assertFalse(t.rows().isEmpty());
        // rules may overlap (as the engine's tables do): each counts the cases it covers
        assertTrue(t.rows().stream().mapToLong(ObservedTable.Row::cases).sum() >= t.probed());
        assertEquals(14832, t.probed());
    }

    @Test
    void aDepartureHasItsTupleBothAnswersAndAWitness() throws Exception {
        ObservedTable t = answersOf(PolicyCatalog.get("xfs-dio-v5.11"), Pass.quick());
        List<ObservedTable.Difference> d = t.diff(PolicyCatalog.get("xfs-dio"));
        assertFalse(d.isEmpty());
        ObservedTable.Difference first = d.get(0);
        assertFalse(first.kernel().equals(first.policy()));
        assertTrue(first.witness().text().contains(" write "), first.witness().text());
        assertTrue(t.toMarkdown().startsWith("| alignment |"), t.toMarkdown());
    }
}

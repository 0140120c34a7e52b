package org.locktable.concurrency.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.concurrency.safety.SafetyCase;
import org.locktable.concurrency.safety.SafetyScope;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;

/**
 * xfs-isize-fix, the candidate fix of XFS's truncate race: SAFE on the race, and the same verdict as xfs-dio on every
 * case of the one-block two-write scope (without a truncate i_size only grows, and the re-test under the lock can
 * only agree with the one before it).
 */
class CandidateFixesTest {
    private static final Policy XFS = PolicyCatalog.builtIn("xfs-dio");
    private static final Policy FIX = PolicyCatalog.history().stream().filter(p -> p.id().equals("xfs-isize-fix"))
            .findFirst().orElseThrow();

    @Test
    void theFixClosesTheTruncateRace() {
        KnownRace race = KnownRaces.ALL.stream().filter(r -> r.candidate().orElse("").equals("xfs-isize-fix")).findFirst()
                .orElseThrow();
        HistoryReport.Run fixed = HistoryReport.candidate(race, "xfs-isize-fix");
        assertTrue(fixed.verdict().safe(), () -> fixed.verdict().counterexample().orElseThrow().timeline());
        assertTrue(!HistoryReport.run(race, race.buggy()).verdict().safe());
    }

    @Test
    void theFixChangesNoVerdictOfTheTwoWriteScope() {
        List<SafetyCase> cases = new SafetyScope(1, 0, SafetyScope.DEFAULT_SEED).cases();
        long differ = cases.parallelStream().filter(c -> {
            Verdict a = Race.explore(XFS, c.inode(), c.ops());
            Verdict b = Race.explore(FIX, c.inode(), c.ops());
            return a.safe() != b.safe();
        }).count();
        assertEquals(0, differ, "cases where xfs-isize-fix and xfs-dio disagree");
    }
}

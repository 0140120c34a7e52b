package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;

/** A walk ends within its budget with a refusal that says how far it got; schedule counts never overflow. */
class ExplorationBudgetTest {
    private static final Policy EXT4 = PolicyCatalog.builtIn("ext4-base");
    private static final List<Operation> R4_PLUS_ONE = List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096),
            Operation.aio(0, 4096));

    @Test
    void aStateBudgetBelowTheCaseRefusesWithWhatWasExplored() {
        int states = Race.explore(EXT4, RaceCases.R4.inode(), R4_PLUS_ONE).states();
        ExplorationTooLarge refused = assertThrows(ExplorationTooLarge.class, () -> Race.explore(EXT4,
                RaceCases.R4.inode(), R4_PLUS_ONE, Exploration.FULL, ExplorationBudget.standard().withMaxStates(states - 1)));
        assertEquals(states - 1, refused.states());
        assertTrue(refused.getMessage().contains("shrink the case"), refused.getMessage());
        Verdict exact = Race.explore(EXT4, RaceCases.R4.inode(), R4_PLUS_ONE, Exploration.FULL,
                ExplorationBudget.standard().withMaxStates(states));
        assertEquals(states, exact.states(), "a budget of exactly the case's states is enough");
    }

    /** Three long writes over ten blocks: 103,881 states, past the first progress report. */
    private static final Inode TEN_BLOCKS = tenBlocks();
    private static final List<Operation> THREE_LONG = List.of(Operation.aio(512, 35840), Operation.aio(1024, 35840),
            Operation.aio(2048, 35840));

    private static Inode tenBlocks() {
        try {
            return Inode.builder(Layout.parse("U W U W U W U W U W")).size(40960).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void progressIsReportedWhileTheWalkRunsAndATimeBudgetEndsIt() {
        List<Integer> seen = new ArrayList<>();
        Verdict v = Race.explore(EXT4, TEN_BLOCKS, THREE_LONG, Exploration.FULL,
                ExplorationBudget.standard().withProgress((states, expanded, elapsed) -> seen.add(states)));
        assertTrue(!seen.isEmpty() && seen.get(seen.size() - 1) <= v.states(), () -> v.states() + " states, " + seen);
        ExplorationTooLarge refused = assertThrows(ExplorationTooLarge.class, () -> Race.explore(EXT4, TEN_BLOCKS,
                THREE_LONG, Exploration.FULL, ExplorationBudget.standard().withMaxTime(Duration.ofNanos(1))));
        assertTrue(refused.getMessage().contains("time budget"), refused.getMessage());
    }

    @Test
    void scheduleCountsSaturateInsteadOfOverflowing() {
        assertEquals(Verdict.SCHEDULES_SATURATED, Verdict.sumSchedules(Long.MAX_VALUE - 1, 2));
        assertEquals(Verdict.SCHEDULES_SATURATED, Verdict.sumSchedules(Verdict.SCHEDULES_SATURATED, 0));
        assertEquals(5, Verdict.sumSchedules(2, 3));
        assertEquals("more than 9223372036854775806", Verdict.schedulesText(Verdict.SCHEDULES_SATURATED));
    }
}

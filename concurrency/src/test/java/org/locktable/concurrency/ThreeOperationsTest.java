package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;

/** Triples: R4 with a third, unrelated aligned overwrite of block 0 racing along. */
class ThreeOperationsTest {
    private static final List<Operation> R4_PLUS_ONE = List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096),
            Operation.aio(0, 4096));

    @Test
    void aThirdWriterDoesNotHideTheR4RaceOnExt4() {
        Verdict v = Race.explore(PolicyCatalog.builtIn("ext4-base"), RaceCases.R4.inode(), R4_PLUS_ONE);
        System.out.println("ThreeOperationsTest: ext4-base " + v.schedules() + " schedules, " + v.states() + " states");
        Counterexample cx = v.counterexample().orElseThrow();
        assertEquals("[6144,8192)", cx.badRangesText(), cx.timeline());
        assertEquals(19, cx.steps().size(), "R4's 13 steps and C's 6, every operation runs to the end:\n" + cx.timeline());
    }

    @Test
    void xfsDioStaysSafeWithThree() {
        Verdict v = Race.explore(PolicyCatalog.builtIn("xfs-dio"), RaceCases.R4.inode(), R4_PLUS_ONE);
        System.out.println("ThreeOperationsTest: xfs-dio " + v.schedules() + " schedules, " + v.states() + " states");
        assertTrue(v.safe(), () -> v.counterexample().orElseThrow().timeline());
    }
}

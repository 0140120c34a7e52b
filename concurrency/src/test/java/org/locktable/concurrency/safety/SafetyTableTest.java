package org.locktable.concurrency.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;

/**
 * The one-block scope exhaustively (46,656 cases per policy): ext4-base's unsafe cases are the 20 of the R4 class
 * (SmallScopeSweepTest's count), in classes where A or B ends at the unaligned EOF and whose minimal witness queues the
 * eof-tail zero.
 */
class SafetyTableTest {
    private static final SafetyScope ONE_BLOCK = new SafetyScope(1, 0, SafetyScope.DEFAULT_SEED);
    private static final List<SafetyCase> CASES = ONE_BLOCK.cases();

    @Test
    void oneBlockScopeIsEveryPairOfEveryLayoutAndSizeSmallestFirst() {
        assertEquals(46_656, CASES.size());
        assertEquals("`H` i_size=4096 · A = aio-dio 0+512, B = aio-dio 0+512", CASES.get(0).describe());
        for (int i = 0; i < CASES.size(); i++) {
            assertEquals(i, CASES.get(i).index());
        }
    }

    @Test
    void ext4BaseHasOnlyTheEofTailClass() {
        SafetyTable t = SafetyTable.of(SafetySweep.run(PolicyCatalog.builtIn("ext4-base"), ONE_BLOCK, CASES));
        System.out.println(t.toMarkdown("##"));
        assertEquals(20, t.sweep().unsafeCount());
        assertEquals(20, t.classes().stream().mapToInt(SafetyTable.UnsafeClass::unsafeCases).sum());
        SafetyTable.UnsafeClass first = t.classes().get(0);
        assertEquals("`W` i_size=2048 · A = aio-dio 0+2048, B = aio-dio 0+4096", first.witness().describe());
        assertEquals(13, first.counterexample().steps().size());
        assertEquals("[2048,4096)", first.counterexample().badRangesText());
        for (SafetyTable.UnsafeClass c : t.classes()) {
            assertTrue(c.counterexample().steps().stream().anyMatch(s -> s.contains("zero eof-tail")), c.toString());
            assertTrue(c.cells().get(5).equals("ends at EOF") || c.cells().get(11).equals("ends at EOF"),
                    "A or B ends at the unaligned EOF: " + c.cells());
        }
    }

    @Test
    void theCandidateFixAndXfsAreSafeInOneBlock() {
        for (String id : List.of("ext4-eof-fix", "xfs-dio")) {
            SafetyTable t = SafetyTable.of(SafetySweep.run(PolicyCatalog.builtIn(id), ONE_BLOCK, CASES));
            assertTrue(t.safe(), id + ": " + t.toMarkdown("#"));
        }
    }
}

package org.locktable.concurrency.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Race;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;

/** The write-against-read scope and its sweep ({@code safety --reads}). */
class ReadSweepTest {
    private static final List<SafetyCase> ONE_BLOCK = new ReadScope(1, 0, SafetyScope.DEFAULT_SEED).cases();

    /** 3 layouts x 3 sizes x 72 writes x 108 reads x 2 orders, as the class comment says. */
    @Test
    void theOneBlockScopeIsEveryWriteAgainstEveryReadBothWays() {
        assertEquals(139_968, ONE_BLOCK.size());
        assertEquals(139_968 + 2 * 1500, ReadScope.standard().cases().size());
    }

    /** A slice of every layout and size: SAFE under today's ext4 and XFS. */
    @Test
    void todaysReadsAreSafeOnASliceOfTheScope() {
        List<SafetyCase> slice = ONE_BLOCK.stream().filter(c -> c.index() % 97 == 0).toList();
        for (String id : new String[] {"ext4-base", "xfs-dio"}) {
            ReadSweep r = ReadSweep.run(PolicyCatalog.builtIn(id), slice);
            assertEquals(slice.size(), r.cases());
            assertEquals(0, r.unsafe(), () -> id + ": " + r.firstUnsafe().orElseThrow().describe());
        }
    }

    /** The sweep counts UNSAFE cases and names the first in the scope's order, with its counterexample. */
    @Test
    void theFirstUnsafeCaseIsTheSmallest() {
        Policy old = PolicyCatalog.builtIn("ext4-2019-overwrite");
        List<SafetyCase> writes = new SafetyScope(1, 0, SafetyScope.DEFAULT_SEED).cases().subList(0, 6000);
        List<SafetyCase> unsafe = writes.stream().filter(c -> !Race.explore(old, c.inode(), c.ops()).safe()).toList();
        ReadSweep r = ReadSweep.run(old, writes);
        assertTrue(!unsafe.isEmpty(), "ext4-2019-overwrite has UNSAFE cases in the one-block scope");
        assertEquals(unsafe.size(), r.unsafe());
        assertEquals(unsafe.get(0), r.firstUnsafe().orElseThrow());
        assertTrue(r.firstUnsafeVerdict().orElseThrow().counterexample().isPresent());
    }
}

package org.locktable.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.space.CaseSpace;

/**
 * The minimised table of every policy reproduces every case of the standard 4-block space: for each case,
 * the rules matching its conditions exist, agree, and give the outcome the policy decides.
 */
class DecisionTableTest {

    @TestFactory
    Stream<DynamicTest> minimisedTableReproducesEveryCase() {
        return PolicyCatalog.all().stream().map(p -> DynamicTest.dynamicTest(p.id(), () -> reproduces(p)));
    }

    private static void reproduces(Policy policy) {
        CaseSpace space = CaseSpace.standard(policy.info().path());
        DecisionTable table = DecisionTable.build(policy, space);
        assertEquals(space.size(), table.caseCount(), "the table saw every case of the space");
        assertTrue(table.rules().size() < table.tupleCount(), "minimisation merged rows: " + table.rules().size()
                + " rules for " + table.tupleCount() + " tuples");
        AtomicLong checked = new AtomicLong();
        space.forEach(c -> {
            Outcome decided = Outcome.of(policy.decide(c.inode(), c.request(), Detail.LOCK));
            Optional<Outcome> fromTable = table.lookup(Conditions.of(c.inode(), c.request()));
            if (fromTable.isEmpty() || !fromTable.get().equals(decided)) {
                fail(policy.id() + ": table gives " + fromTable.map(Outcome::toString).orElse("no single outcome")
                        + " but the policy decides " + decided + " for case " + c.index() + ": " + c);
            }
            checked.incrementAndGet();
        });
        assertEquals(space.size(), checked.get());
    }
}

package org.locktable.concurrency.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;

/** A mirrored case (the same writes, the other first) is the same race: taking its mirror's verdict changes nothing. */
class SafetySweepTest {
    private static final SafetyScope ONE_BLOCK = new SafetyScope(1, 0, SafetyScope.DEFAULT_SEED);

    @Test
    void mirrorsGiveWhatExploringEveryCaseGives() {
        for (String id : List.of("ext4-base", "xfs-dio")) {
            Policy p = PolicyCatalog.builtIn(id);
            List<SafetyCase> cases = new ArrayList<>();
            for (SafetyCase c : ONE_BLOCK.cases()) {
                if (c.layout().equals("W") && c.size() == 2048 || c.layout().equals("U") && c.size() == 512) {
                    cases.add(new SafetyCase(cases.size(), c.layout(), c.size(), c.first(), c.second()));
                }
            }
            SafetySweep mirrored = SafetySweep.run(p, ONE_BLOCK, cases, true);
            SafetySweep every = SafetySweep.run(p, ONE_BLOCK, cases, false);
            for (SafetyCase c : cases) {
                assertEquals(every.status(c.index()), mirrored.status(c.index()), id + " " + c.describe());
            }
            assertEquals(every.schedules(), mirrored.schedules(), id);
            assertEquals(every.states(), mirrored.states(), id);
            for (SafetyCase c : cases) {
                if (every.status(c.index()) == SafetySweep.UNSAFE) {
                    assertEquals(every.verdict(c.index()).counterexample().orElseThrow().steps(),
                            mirrored.verdict(c.index()).counterexample().orElseThrow().steps(), c.describe());
                }
            }
        }
    }
}

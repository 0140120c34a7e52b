package org.locktable.concurrency.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;

/**
 * The candidate fix over the standard scope (one block exhaustively, 1,500 two-block samples, seed 20261201): SAFE on R4
 * and everywhere; against ext4-base it makes exactly ext4-base's unsafe cases newly SAFE and nothing newly UNSAFE.
 */
class SafetyDiffTest {
    @Test
    void theFixIsSafeOnR4AndTheWholeScopeAndOnlyRemovesExt4BasesUnsafeCases() {
        SafetyScope scope = SafetyScope.standard();
        System.out.println("SafetyDiffTest: " + scope.describe());
        List<SafetyCase> cases = scope.cases();
        SafetySweep base = SafetySweep.run(PolicyCatalog.builtIn(SafetyReport.BASE), scope, cases);
        SafetySweep fix = SafetySweep.run(PolicyCatalog.builtIn(SafetyReport.FIX), scope, cases);
        assertTrue(Findings.r4(fix.policy()).safe());
        assertTrue(!Findings.r4(base.policy()).safe());
        SafetyTable fixTable = SafetyTable.of(fix);
        assertTrue(fixTable.safe(), fixTable.toMarkdown("#"));
        SafetyDiff d = SafetyDiff.between(base, fix);
        assertEquals(0, d.count(SafetyDiff.NEWLY_UNSAFE_TEXT), d.toMarkdown("#"));
        assertEquals(base.unsafeCount(), d.count(SafetyDiff.NEWLY_SAFE_TEXT), d.toMarkdown("#"));
        SafetyDiff back = SafetyDiff.between(fix, base);
        assertEquals(base.unsafeCount(), back.count(SafetyDiff.NEWLY_UNSAFE_TEXT));
        assertTrue(back.toMarkdown("#").contains("the counterexample under ext4-base"));
    }
}

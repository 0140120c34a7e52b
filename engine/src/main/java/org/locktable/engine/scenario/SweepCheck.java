package org.locktable.engine.scenario;

import java.util.List;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.model.InvalidInputException;

/** The check a generated sweep test runs for one rule: it holds on every case of the sweep it applies to. */
public final class SweepCheck {
    private SweepCheck() {
    }

    public static void rule(String scenario, SweepSpec sweep, List<RuleSpec> rules, int index, boolean firstHit,
            String rerun) {
        SweepAnalysis a;
        try {
            a = SweepAnalysis.of(sweep, rules, firstHit, false);
        } catch (InvalidInputException e) {
            throw new AssertionError(scenario + ": " + e.getMessage(), e);
        }
        RuleSpec rule = rules.get(index);
        if (a.matched(index) == 0) {
            throw new AssertionError(scenario + ": rule \"" + rule.name() + "\" (" + rule.policy()
                    + ") matches no case of the sweep: " + sweep.describe());
        }
        SweepAnalysis.Finding f = a.counterexample(index);
        if (f == null) {
            return;
        }
        Decision full;
        try {
            full = PolicyCatalog.get(rule.policy()).decide(f.at().inode(), f.at().request());
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
        throw new AssertionError(DecisionReport.of(scenario + ": rule \"" + rule.name() + "\" (" + rule.policy()
                + ") fails; smallest counterexample, case " + f.at().index() + " of " + sweep.size() + ":",
                f.at().inode(), f.at().request(), List.of("rule expects " + rule.expect().describe(), f.what()), full, rerun));
    }
}

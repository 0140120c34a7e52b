package org.locktable.processor;

import java.util.List;

import javax.tools.Diagnostic;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.PolicyCatalog;
import org.locktable.engine.scenario.DecisionReport;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.RuleSpec;
import org.locktable.engine.scenario.Strictness;
import org.locktable.engine.scenario.SweepAnalysis;

/**
 * Checks a validated scenario against the engine at compile time. Disagreements are reported at the
 * expectation or rule they concern, at the severity of {@code -Alocktable.mismatch}; overlapping rules under
 * UNIQUE and gaps in a complete sweep are errors. Returns the sweep analysis for the Markdown page.
 */
final class EngineCheck {
    private final Diagnostics diag;
    private final Options options;

    EngineCheck(Diagnostics diag, Options options) {
        this.diag = diag;
        this.options = options;
    }

    SweepAnalysis check(ScenarioValidator.Validated v) {
        ScenarioModel m = v.model();
        Diagnostic.Kind severity = options.mismatch;
        for (int i = 0; i < m.expectations().size(); i++) {
            Expectation e = m.expectations().get(i);
            Decision d = decide(e.policy(), m);
            List<String> problems = e.mismatches(d);
            if (!problems.isEmpty()) {
                Ann site = v.expectationSites().get(i);
                diag.report(severity, Message.EXPECTATION_MISMATCH, site.element, site.mirror, null, e.policy(),
                        String.join("; ", problems), String.join(" | ", d.trace()));
            }
        }
        for (int i = 0; i < m.relations().size(); i++) {
            ScenarioModel.Relation r = m.relations().get(i);
            String broken = broken(r, m);
            if (broken != null) {
                Ann site = v.relationSites().get(i);
                diag.report(severity, Message.RELATION_MISMATCH, site.element, site.mirror, null, describe(r), broken);
            }
        }
        if (m.sweep() == null) {
            return null;
        }
        return checkSweep(v, severity);
    }

    private SweepAnalysis checkSweep(ScenarioValidator.Validated v, Diagnostic.Kind severity) {
        ScenarioModel.SweepModel s = v.model().sweep();
        SweepAnalysis a;
        try {
            a = SweepAnalysis.of(s.spec(), s.rules(), s.firstHit(), s.complete());
        } catch (InvalidInputException e) {
            throw new IllegalStateException("validated rules name an unknown policy: " + e.getMessage(), e);
        }
        Ann sweep = v.sweepSite();
        if (!s.firstHit()) {
            for (SweepAnalysis.Finding f : a.overlaps()) {
                diag.report(Message.RULES_OVERLAP, sweep.element, sweep.mirror, sweep.at("hitPolicy"), f.what(), f.at());
            }
        }
        for (SweepAnalysis.Finding f : a.gaps()) {
            diag.report(Message.SWEEP_GAP, sweep.element, sweep.mirror, sweep.at("complete"), f.what(), f.at());
        }
        for (int i = 0; i < s.rules().size(); i++) {
            RuleSpec r = s.rules().get(i);
            Ann site = v.ruleSites().get(i);
            if (a.matched(i) == 0) {
                diag.report(Message.RULE_MATCHES_NOTHING, site.element, site.mirror, site.at("name"), r.name(), r.policy());
                continue;
            }
            SweepAnalysis.Finding f = a.counterexample(i);
            if (f != null) {
                diag.report(severity, Message.RULE_MISMATCH, site.element, site.mirror, site.at("name"), r.name(),
                        r.policy(), f.what(), f.at());
            }
        }
        return a;
    }

    /** What the engine says against a relation, or null when it holds. */
    private static String broken(ScenarioModel.Relation r, ScenarioModel m) {
        List<String> ids = r.policies();
        if (r.kind() == ScenarioModel.Relation.Kind.NO_STRICTER) {
            Decision a = decide(ids.get(0), m);
            Decision b = decide(ids.get(1), m);
            return Strictness.stricter(a, b) ? ids.get(0) + " decides " + DecisionReport.summary(a) + ", " + ids.get(1)
                    + " decides " + DecisionReport.summary(b) : null;
        }
        String first = DecisionReport.summary(decide(ids.get(0), m));
        for (String id : ids.subList(1, ids.size())) {
            String other = DecisionReport.summary(decide(id, m));
            if (!other.equals(first)) {
                return ids.get(0) + " decides " + first + ", " + id + " decides " + other;
            }
        }
        return null;
    }

    static String describe(ScenarioModel.Relation r) {
        return r.kind() == ScenarioModel.Relation.Kind.NO_STRICTER
                ? "@ExpectNoStricter(policy = \"" + r.policies().get(0) + "\", than = \"" + r.policies().get(1) + "\")"
                : "@ExpectSame(" + r.policies() + ")";
    }

    static Decision decide(String policy, ScenarioModel m) {
        return PolicyCatalog.find(policy).orElseThrow().decide(m.inode(), m.write());
    }
}

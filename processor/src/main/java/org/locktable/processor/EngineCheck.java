package org.locktable.processor;

import java.util.List;
import javax.tools.Diagnostic;

import org.locktable.dsl.reader.Message;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.dsl.reader.Site;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.model.InvalidInputException;
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

    SweepAnalysis check(ScenarioModel m) {
        Diagnostic.Kind severity = options.mismatch;
        for (ScenarioModel.Expected x : m.expected()) {
            Expectation e = x.expectation();
            Decision d = decide(e.policy(), m);
            List<String> problems = e.mismatches(d);
            if (!problems.isEmpty()) {
                diag.report(severity, Message.EXPECTATION_MISMATCH, x.site(), e.policy(), String.join("; ", problems),
                        String.join(" | ", d.trace()));
            }
        }
        for (ScenarioModel.Relation r : m.relations()) {
            String broken = broken(r, m);
            if (broken != null) {
                diag.report(severity, Message.RELATION_MISMATCH, r.site(), describe(r), broken);
            }
        }
        if (m.sweep() == null) {
            return null;
        }
        return checkSweep(m.sweep(), severity);
    }

    private SweepAnalysis checkSweep(ScenarioModel.SweepModel s, Diagnostic.Kind severity) {
        SweepAnalysis a;
        try {
            a = SweepAnalysis.of(s.spec(), s.rules(), s.firstHit(), s.complete());
        } catch (InvalidInputException e) {
            throw new IllegalStateException("validated rules name an unknown policy: " + e.getMessage(), e);
        }
        if (!s.firstHit()) {
            for (SweepAnalysis.Finding f : a.overlaps()) {
                diag.report(Message.RULES_OVERLAP, s.site().at("hitPolicy"), f.what(), f.at());
            }
        }
        for (SweepAnalysis.Finding f : a.gaps()) {
            diag.report(Message.SWEEP_GAP, s.site().at("complete"), f.what(), f.at());
        }
        int i = 0;
        for (ScenarioModel.StatedRule stated : s.statedRules()) {
            RuleSpec r = stated.spec();
            Site name = stated.site().at("name");
            if (a.matched(i) == 0) {
                diag.report(Message.RULE_MATCHES_NOTHING, name, r.name(), r.policy());
            } else {
                SweepAnalysis.Finding f = a.counterexample(i);
                if (f != null) {
                    diag.report(severity, Message.RULE_MISMATCH, name, r.name(), r.policy(), f.what(), f.at());
                }
            }
            i++;
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

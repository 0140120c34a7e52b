package org.locktable.engine.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;

/**
 * The checks generated scenario tests call. Each throws {@link AssertionError} with a full report (strip,
 * expected vs decided, trace, rerun command) when the engine disagrees with the scenario.
 */
public final class ScenarioCheck {
    private ScenarioCheck() {
    }

    /** The policy decides as expected. */
    public static void expect(String scenario, Inode inode, WriteRequest w, Expectation e, String rerun) {
        Decision d = policy(e.policy()).decide(inode, w);
        List<String> problems = e.mismatches(d);
        if (!problems.isEmpty()) {
            List<String> details = new ArrayList<>();
            details.add("expected: " + e.describe());
            details.addAll(problems);
            throw new AssertionError(DecisionReport.of(scenario + ": " + e.policy() + " does not decide as expected",
                    inode, w, details, d, rerun));
        }
    }

    /** {@code policy} serialises the write no more than {@code than}. */
    public static void noStricter(String scenario, Inode inode, WriteRequest w, String policy, String than, String rerun) {
        Decision a = policy(policy).decide(inode, w);
        Decision b = policy(than).decide(inode, w);
        if (Strictness.stricter(a, b)) {
            throw new AssertionError(DecisionReport.of(scenario + ": " + policy + " is stricter than " + than, inode, w,
                    List.of(than + " decided " + DecisionReport.summary(b) + ", lock path " + b.lockPathText()), a, rerun));
        }
    }

    /** The policies decide the same outcome (lock, drain, forced wait, NOWAIT outcome, result). */
    public static void same(String scenario, Inode inode, WriteRequest w, List<String> policies, String rerun) {
        Decision first = policy(policies.get(0)).decide(inode, w);
        for (String id : policies.subList(1, policies.size())) {
            Decision other = policy(id).decide(inode, w);
            if (!DecisionReport.summary(first).equals(DecisionReport.summary(other))) {
                throw new AssertionError(DecisionReport.of(scenario + ": " + policies.get(0) + " and " + id + " differ",
                        inode, w, List.of(policies.get(0) + " decided " + DecisionReport.summary(first)), other, rerun));
            }
        }
    }

    /** Every catalog policy's outcome for the write, in catalog order: {@code id -> summary}. */
    public static Map<String, String> decideAll(Inode inode, WriteRequest w) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Policy p : PolicyCatalog.all()) {
            out.put(p.id(), DecisionReport.summary(p.decide(inode, w)));
        }
        return out;
    }

    /** The recorded outcomes still hold: fails naming every policy whose decision moved. */
    public static void recorded(String scenario, Inode inode, WriteRequest w, Map<String, String> recorded, String rerun) {
        Map<String, String> now = decideAll(inode, w);
        List<String> moved = new ArrayList<>();
        for (Map.Entry<String, String> e : recorded.entrySet()) {
            String current = now.get(e.getKey());
            if (!e.getValue().equals(current)) {
                moved.add(e.getKey() + ": recorded " + e.getValue() + ", now " + current);
            }
        }
        if (!moved.isEmpty()) {
            throw new AssertionError(DecisionReport.of(scenario + ": decisions moved since the suite was generated",
                    inode, w, moved, null, rerun));
        }
    }

    private static Policy policy(String id) {
        try {
            return PolicyCatalog.get(id);
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** Does a write go ahead at all? Refusals before locking have no lock to compare. */
    static boolean refused(Decision d) {
        return d.result() == Result.EAGAIN;
    }
}

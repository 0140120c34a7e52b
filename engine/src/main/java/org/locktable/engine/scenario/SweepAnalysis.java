package org.locktable.engine.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.space.Case;
import org.locktable.engine.table.Conditions;

/**
 * A user's rules checked over their sweep, policy by policy, in the sweep's order: which rule applies to each
 * case (all matching under UNIQUE, the first under FIRST), the first case two rules claim (overlap), the first
 * case no rule covers (gap), and per rule the first case whose decision differs from the rule (the minimal
 * counterexample).
 */
public final class SweepAnalysis {
    /** The first case where something is wrong, with what. */
    public record Finding(Case at, String what, Decision decision) {
    }

    private final Map<Integer, Finding> counterexamples = new LinkedHashMap<>();
    private final long[] matched;
    private final List<Finding> overlaps = new ArrayList<>();
    private final List<Finding> gaps = new ArrayList<>();

    private SweepAnalysis(int rules) {
        this.matched = new long[rules];
    }

    /**
     * Checks every rule. {@code first}: FIRST hit policy. {@code complete}: a case with no rule is a gap.
     * {@code stopAtFirst}: stop each policy's scan at its first problem (enough for diagnostics).
     */
    public static SweepAnalysis of(SweepSpec sweep, List<RuleSpec> rules, boolean first, boolean complete)
            throws InvalidInputException {
        SweepAnalysis a = new SweepAnalysis(rules.size());
        Map<String, List<Integer>> byPolicy = new LinkedHashMap<>();
        for (int i = 0; i < rules.size(); i++) {
            byPolicy.computeIfAbsent(rules.get(i).policy(), k -> new ArrayList<>()).add(i);
        }
        for (Map.Entry<String, List<Integer>> e : byPolicy.entrySet()) {
            Policy policy = PolicyCatalog.get(e.getKey());
            List<Integer> ids = e.getValue();
            boolean[] overlapSeen = {false};
            boolean[] gapSeen = {false};
            sweep.forEach(c -> {
                int code = Conditions.of(c.inode(), c.request());
                List<Integer> hits = new ArrayList<>(2);
                for (int i : ids) {
                    if (rules.get(i).matches(code)) {
                        hits.add(i);
                        if (first) {
                            break;
                        }
                    }
                }
                if (hits.isEmpty()) {
                    if (complete && !gapSeen[0]) {
                        gapSeen[0] = true;
                        a.gaps.add(new Finding(c, "no rule for " + policy.id() + " matches " + Conditions.describe(code),
                                policy.decide(c.inode(), c.request(), Detail.LOCK)));
                    }
                    return;
                }
                if (hits.size() > 1 && !overlapSeen[0]) {
                    overlapSeen[0] = true;
                    a.overlaps.add(new Finding(c, "rules \"" + rules.get(hits.get(0)).name() + "\" and \""
                            + rules.get(hits.get(1)).name() + "\" both match " + Conditions.describe(code), null));
                }
                Decision d = null;
                for (int i : hits) {
                    a.matched[i]++;
                    if (a.counterexamples.containsKey(i)) {
                        continue;
                    }
                    if (d == null) {
                        d = policy.decide(c.inode(), c.request(), Detail.LOCK);
                    }
                    List<String> problems = rules.get(i).expect().mismatches(d);
                    if (!problems.isEmpty()) {
                        a.counterexamples.put(i, new Finding(c, String.join("; ", problems), d));
                    }
                }
            });
        }
        return a;
    }

    /** The rule's first counterexample, or null when the rule holds on every case it covers. */
    public Finding counterexample(int rule) {
        return counterexamples.get(rule);
    }

    /** Cases the rule covers. */
    public long matched(int rule) {
        return matched[rule];
    }

    public List<Finding> overlaps() {
        return overlaps;
    }

    public List<Finding> gaps() {
        return gaps;
    }
}

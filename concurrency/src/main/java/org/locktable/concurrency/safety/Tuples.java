package org.locktable.concurrency.safety;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;

import org.locktable.engine.table.Rule;

/**
 * Cases folded by their tuple over {@link SafetyColumns}: each tuple's case indices and outcome class (what the caller's
 * {@code classOf} says of its cases, combined as a bit set), minimised into rules. Tuples are in ascending order.
 */
final class Tuples {
    final List<int[]> tuples = new ArrayList<>();
    final List<List<Integer>> members = new ArrayList<>();
    final int[] outcomes;

    /** {@code classOf(case index)}: a bit set of what the case is (0 for nothing to report). */
    Tuples(List<SafetyCase> cases, IntUnaryOperator classOf, IntUnaryOperator included) {
        Map<int[], List<Integer>> byTuple = new TreeMap<>(Arrays::compare);
        for (SafetyCase c : cases) {
            if (included.applyAsInt(c.index()) != 0) {
                byTuple.computeIfAbsent(SafetyColumns.tuple(c), t -> new ArrayList<>()).add(c.index());
            }
        }
        outcomes = new int[byTuple.size()];
        int i = 0;
        for (Map.Entry<int[], List<Integer>> e : byTuple.entrySet()) {
            tuples.add(e.getKey());
            members.add(e.getValue());
            int o = 0;
            for (int index : e.getValue()) {
                o |= classOf.applyAsInt(index);
            }
            outcomes[i++] = o;
        }
    }

    /**
     * Rules whose class is not 0, in the minimiser's order. Rules of one class may overlap: the minimiser grows each
     * rule from its own seed as far as no tuple of another class stops it, over tuples an earlier rule already covers
     * (it drops only rules wholly covered by others). So count cases with {@link #casesByRule}, never by matching each
     * rule on its own: that counts a case once per rule it matches.
     */
    List<Rule> reportedRules() {
        List<Rule> rules = new ArrayList<>();
        for (Rule r : SafetyColumns.MINIMISER.minimise(tuples.toArray(new int[0][]), outcomes)) {
            if (r.outcome() != 0) {
                rules.add(r);
            }
        }
        return rules;
    }

    /**
     * The case indices of each of {@code rules} (ascending), as a partition: every case of a tuple of a reported class
     * goes to the first rule in {@code rules}' order that has its class and matches it, and to no other. So each case
     * is in exactly one list and the lists' sizes add up to the cases of the reported classes.
     */
    List<List<Integer>> casesByRule(List<Rule> rules) {
        List<List<Integer>> out = new ArrayList<>();
        for (int r = 0; r < rules.size(); r++) {
            out.add(new ArrayList<>());
        }
        for (int t = 0; t < tuples.size(); t++) {
            if (outcomes[t] == 0) {
                continue;
            }
            int owner = -1;
            for (int r = 0; r < rules.size() && owner < 0; r++) {
                if (rules.get(r).outcome() == outcomes[t] && rules.get(r).matches(tuples.get(t))) {
                    owner = r;
                }
            }
            if (owner < 0) {
                throw new IllegalStateException("no rule covers the tuple " + Arrays.toString(tuples.get(t)));
            }
            out.get(owner).addAll(members.get(t));
        }
        for (List<Integer> cases : out) {
            cases.sort(Comparator.naturalOrder());
        }
        return out;
    }
}

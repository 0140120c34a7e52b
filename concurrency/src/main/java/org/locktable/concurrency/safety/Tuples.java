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

    /** Rules whose class is not 0, in no particular order. */
    List<Rule> reportedRules() {
        List<Rule> rules = new ArrayList<>();
        for (Rule r : SafetyColumns.MINIMISER.minimise(tuples.toArray(new int[0][]), outcomes)) {
            if (r.outcome() != 0) {
                rules.add(r);
            }
        }
        return rules;
    }

    /** The case indices of a rule's tuples of its own class. */
    List<Integer> casesOf(Rule r) {
        List<Integer> out = new ArrayList<>();
        for (int t = 0; t < tuples.size(); t++) {
            if (outcomes[t] == r.outcome() && r.matches(tuples.get(t))) {
                out.addAll(members.get(t));
            }
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }
}

package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Merges realised condition tuples into few rules (multi-valued two-level minimisation, greedy): each rule
 * grows from an uncovered tuple, one column value at a time, as long as it covers no realised tuple of a
 * different outcome; tuples the space never realises are don't-cares. Redundant rules are dropped last.
 * Every realised tuple is covered, and every rule covering it carries its outcome.
 */
final class Minimiser {
    /** Columns tried first are the ones most often irrelevant, which keeps rules short. */
    private static final Column[] EXPANSION_ORDER = {
        Column.IO, Column.MIDDLE, Column.RECORDS, Column.NOSEC, Column.NOWAIT, Column.TAIL, Column.HEAD,
        Column.ALIGNMENT, Column.EOF
    };

    private Minimiser() {
    }

    /** {@code codes} sorted ascending, {@code outcomes[i]} the outcome class of {@code codes[i]}. */
    static List<Rule> minimise(int[] codes, int[] outcomes) {
        int n = codes.length;
        int[][] tuples = new int[n][];
        for (int i = 0; i < n; i++) {
            tuples[i] = Conditions.decode(codes[i]);
        }
        BitSet covered = new BitSet(n);
        List<Rule> rules = new ArrayList<>();
        for (int seed = 0; seed < n; seed++) {
            if (covered.get(seed)) {
                continue;
            }
            int[] masks = new int[Column.ALL.length];
            for (int c = 0; c < masks.length; c++) {
                masks[c] = 1 << tuples[seed][c];
            }
            for (Column col : EXPANSION_ORDER) {
                int c = col.ordinal();
                for (int v = 0; v < col.size(); v++) {
                    if ((masks[c] & (1 << v)) != 0) {
                        continue;
                    }
                    masks[c] |= 1 << v;
                    if (coversOther(masks, c, v, tuples, outcomes, outcomes[seed])) {
                        masks[c] &= ~(1 << v);
                    }
                }
            }
            Rule rule = new Rule(masks.clone(), outcomes[seed]);
            rules.add(rule);
            for (int i = 0; i < n; i++) {
                if (outcomes[i] == outcomes[seed] && rule.matches(tuples[i])) {
                    covered.set(i);
                }
            }
        }
        return trimToRealised(dropRedundant(rules, tuples), tuples, outcomes);
    }

    /**
     * Narrows each partial cell to the values its rule's own tuples realise, so a row never lists a value
     * that cannot occur with its other conditions (coverage is unchanged); don't-care cells stay "—".
     */
    private static List<Rule> trimToRealised(List<Rule> rules, int[][] tuples, int[] outcomes) {
        List<Rule> out = new ArrayList<>(rules.size());
        for (Rule r : rules) {
            int[] seen = new int[Column.ALL.length];
            for (int i = 0; i < tuples.length; i++) {
                if (outcomes[i] == r.outcome() && r.matches(tuples[i])) {
                    for (int c = 0; c < seen.length; c++) {
                        seen[c] |= 1 << tuples[i][c];
                    }
                }
            }
            int[] masks = r.masks().clone();
            for (int c = 0; c < masks.length; c++) {
                if (masks[c] != Column.ALL[c].fullMask()) {
                    masks[c] &= seen[c];
                }
            }
            out.add(new Rule(masks, r.outcome()));
        }
        return out;
    }

    /** Would the rule, widened by value {@code v} in column {@code c}, cover a tuple of another outcome? */
    private static boolean coversOther(int[] masks, int c, int v, int[][] tuples, int[] outcomes, int outcome) {
        for (int i = 0; i < tuples.length; i++) {
            if (outcomes[i] != outcome && tuples[i][c] == v && Rule.matches(masks, tuples[i])) {
                return true;
            }
        }
        return false;
    }

    private static List<Rule> dropRedundant(List<Rule> rules, int[][] tuples) {
        int[] coverCount = new int[tuples.length];
        List<BitSet> covers = new ArrayList<>();
        for (Rule r : rules) {
            BitSet bs = new BitSet(tuples.length);
            for (int i = 0; i < tuples.length; i++) {
                if (r.matches(tuples[i])) {
                    bs.set(i);
                    coverCount[i]++;
                }
            }
            covers.add(bs);
        }
        List<Rule> kept = new ArrayList<>(rules);
        for (int k = rules.size() - 1; k >= 0; k--) {
            BitSet bs = covers.get(k);
            boolean redundant = bs.stream().allMatch(i -> coverCount[i] > 1);
            if (redundant) {
                bs.stream().forEach(i -> coverCount[i]--);
                kept.remove(k);
            }
        }
        return kept;
    }
}

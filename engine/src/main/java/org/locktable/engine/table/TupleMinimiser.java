package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The minimisation behind decision tables, over any columns with small domains (multi-valued two-level minimisation,
 * greedy): each rule grows from an uncovered tuple, one column value at a time in {@code order}, as long as it covers
 * no realised tuple of a different outcome; tuples never realised are don't-cares; redundant rules are dropped last and
 * partial cells narrowed to the values their own tuples realise. {@link Minimiser} runs it over the condition columns;
 * the safety tables (concurrency) over those plus the second operation's columns.
 */
public final class TupleMinimiser {
    private final int[] sizes;
    private final int[] order;

    /** {@code sizes[c]}: column c's domain size (at most 31); {@code order}: the columns to widen first (most often irrelevant). */
    public TupleMinimiser(int[] sizes, int[] order) {
        this.sizes = sizes.clone();
        this.order = order.clone();
    }

    /**
     * The condition columns ({@link Column}, in their order, codes from {@link Conditions#decode}) followed by extra
     * columns of {@code extraSizes}: the first {@code widenedFirst} extra columns are widened before the condition
     * columns, the others after them (the last widened are the ones most often kept).
     */
    public static TupleMinimiser conditionsAnd(int[] extraSizes, int widenedFirst) {
        int base = Column.ALL.length;
        int[] sizes = java.util.Arrays.copyOf(Minimiser.sizes(), base + extraSizes.length);
        System.arraycopy(extraSizes, 0, sizes, base, extraSizes.length);
        int[] order = new int[sizes.length];
        int k = 0;
        for (int e = 0; e < widenedFirst; e++) {
            order[k++] = base + e;
        }
        for (int c : Minimiser.order()) {
            order[k++] = c;
        }
        for (int e = widenedFirst; e < extraSizes.length; e++) {
            order[k++] = base + e;
        }
        return new TupleMinimiser(sizes, order);
    }

    private int fullMask(int c) {
        return (1 << sizes[c]) - 1;
    }

    /** Whether {@code masks} is a don't-care in column {@code c}. */
    public boolean dontCare(int[] masks, int c) {
        return masks[c] == fullMask(c);
    }

    /** {@code tuples[i]} realised with outcome class {@code outcomes[i]}, in the order seeds are taken. */
    public List<Rule> minimise(int[][] tuples, int[] outcomes) {
        int n = tuples.length;
        BitSet covered = new BitSet(n);
        List<Rule> rules = new ArrayList<>();
        for (int seed = 0; seed < n; seed++) {
            if (covered.get(seed)) {
                continue;
            }
            int[] masks = new int[sizes.length];
            for (int c = 0; c < masks.length; c++) {
                masks[c] = 1 << tuples[seed][c];
            }
            for (int c : order) {
                for (int v = 0; v < sizes[c]; v++) {
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

    /** Narrows each partial cell to the values its rule's own tuples realise; don't-care cells stay. */
    private List<Rule> trimToRealised(List<Rule> rules, int[][] tuples, int[] outcomes) {
        List<Rule> out = new ArrayList<>(rules.size());
        for (Rule r : rules) {
            int[] seen = new int[sizes.length];
            for (int i = 0; i < tuples.length; i++) {
                if (outcomes[i] == r.outcome() && r.matches(tuples[i])) {
                    for (int c = 0; c < seen.length; c++) {
                        seen[c] |= 1 << tuples[i][c];
                    }
                }
            }
            int[] masks = r.masks().clone();
            for (int c = 0; c < masks.length; c++) {
                if (masks[c] != fullMask(c)) {
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
            if (outcomes[i] != outcome && tuples[i][c] == v && ColumnMasks.matches(masks, tuples[i])) {
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

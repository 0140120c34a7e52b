package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.policy.Policy;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.CaseSpace;

/**
 * A covering sample of a policy's minimised decision table: for every row, one case of the space that the row covers
 * and that whoever runs the sample can run, as the {@link Criteria} say. The live lock probe and the xfstests export
 * each grade a policy on one.
 */
public final class CoveringSample {
    /** What a row's case may be; every question is asked of cases in the space's order and must not change. */
    public interface Criteria {
        /** The first, cheap filter, asked of every case. */
        boolean candidate(Case c);

        /** Asked at most once of a candidate, only when a row still without its case covers it (a decision, say). */
        default boolean accepts(Case c) {
            return true;
        }

        /** A row takes the first accepted case that is preferred, else its first accepted case. */
        default boolean preferred(Case c) {
            return true;
        }
    }

    /**
     * One row of the table and its case.
     *
     * @param number 1-based, in the table's order
     * @param chosen the row's case, or null when no case of the row meets the criteria
     */
    public record Row(int number, Rule rule, Case chosen) {
        /** The row's constrained columns, {@code column=values}, the don't-cares left out; "any" when none is. */
        public String conditions() {
            List<String> cells = rule.cells();
            List<String> out = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                if (!cells.get(i).equals("—")) {
                    out.add(Column.ALL[i].header() + "=" + cells.get(i));
                }
            }
            return out.isEmpty() ? "any" : String.join("; ", out);
        }
    }

    /** Stops the walk of the space once every row has its preferred case. */
    private static final class Settled extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Settled() {
            super(null, null, false, false);
        }
    }

    private CoveringSample() {
    }

    /** Every row of {@code policy}'s minimised table over {@code space}, in the table's order, with its case. */
    public static List<Row> of(Policy policy, CaseSpace space, Criteria criteria) {
        List<Rule> rules = DecisionTable.build(policy, space).rules();
        Case[] preferred = new Case[rules.size()];
        Case[] first = new Case[rules.size()];
        int[] settled = {0};
        try {
            space.forEach(c -> {
                if (!criteria.candidate(c)) {
                    return;
                }
                int[] values = Conditions.decode(Conditions.of(c.inode(), c.request()));
                boolean isPreferred = criteria.preferred(c);
                Boolean accepted = null;
                for (int r = 0; r < rules.size(); r++) {
                    if (preferred[r] == null && (isPreferred || first[r] == null) && rules.get(r).matches(values)) {
                        if (accepted == null) {
                            accepted = criteria.accepts(c);
                        }
                        if (accepted && first[r] == null) {
                            first[r] = c;
                        }
                        if (accepted && isPreferred) {
                            preferred[r] = c;
                            if (++settled[0] == rules.size()) {
                                throw new Settled();
                            }
                        }
                    }
                }
            });
        } catch (Settled s) {
            // every row has its case: the rest of the space cannot change the sample
        }
        List<Row> rows = new ArrayList<>(rules.size());
        for (int r = 0; r < rules.size(); r++) {
            rows.add(new Row(r + 1, rules.get(r), preferred[r] != null ? preferred[r] : first[r]));
        }
        return rows;
    }
}

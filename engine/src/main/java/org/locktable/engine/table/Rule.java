package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of a minimised table: per column the set of values it covers (a bit mask over the column's
 * domain; the full mask is a don't-care "—"), and the outcome class of every realised tuple it covers. The columns are
 * the fixed ones ({@link Column}), then those the table added ({@link DecisionTable#addedConditions()}) or, for the
 * safety tables, the second operation's.
 */
public record Rule(int[] masks, int outcome) {
    /** {@code values}: one per column, as many as {@link #masks()}. */
    public boolean matches(int[] values) {
        return matches(masks, values);
    }

    static boolean matches(int[] masks, int[] values) {
        for (int i = 0; i < masks.length; i++) {
            if ((masks[i] & (1 << values[i])) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The fixed condition columns' cells ({@link Column}): "—" for a don't-care, else the values joined by ", ". */
    public List<String> cells() {
        return cells(List.of());
    }

    /** The cells of the fixed columns, then of {@code added}, the conditions a table added after them. */
    public List<String> cells(List<Condition> added) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Column.ALL.length; i++) {
            out.add(cell(masks[i], Column.ALL[i].domain()));
        }
        for (int i = 0; i < added.size(); i++) {
            out.add(cell(masks[Column.ALL.length + i], added.get(i).values()));
        }
        return out;
    }

    private static String cell(int mask, List<String> domain) {
        if (mask == (1 << domain.size()) - 1) {
            return "—";
        }
        List<String> vs = new ArrayList<>();
        for (int v = 0; v < domain.size(); v++) {
            if ((mask & (1 << v)) != 0) {
                vs.add(domain.get(v));
            }
        }
        return String.join(", ", vs);
    }
}

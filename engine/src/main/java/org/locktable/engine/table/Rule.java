package org.locktable.engine.table;

import java.util.List;

/**
 * One row of a minimised table: per column the set of values it covers ({@link ColumnMasks}: a bit mask over the
 * column's domain; the full mask is a don't-care "—"), and the outcome class of every realised tuple it covers. The
 * columns are the fixed ones ({@link Column}), then those the table added ({@link DecisionTable#addedConditions()})
 * or, for the safety tables, the second operation's.
 */
public record Rule(int[] masks, int outcome) {
    /** {@code values}: one per column, as many as {@link #masks()}. */
    public boolean matches(int[] values) {
        return ColumnMasks.matches(masks, values);
    }

    /** The fixed condition columns' cells ({@link Column}): "—" for a don't-care, else the values joined by ", ". */
    public List<String> cells() {
        return cells(List.of());
    }

    /** The cells of the fixed columns, then of {@code added}, the conditions a table added after them. */
    public List<String> cells(List<Condition> added) {
        return ColumnMasks.cells(masks, added);
    }
}

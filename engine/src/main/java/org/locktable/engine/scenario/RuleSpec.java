package org.locktable.engine.scenario;

import java.util.List;

import org.locktable.engine.table.Column;
import org.locktable.engine.table.ColumnMasks;
import org.locktable.engine.table.Conditions;

/**
 * One row of a user's decision table: for one policy, a set of allowed values per condition column (a bit
 * mask over {@link Column#domain()}, as a minimised table's rows hold them: {@link ColumnMasks}; the full mask is
 * "any") and the expected outcome.
 */
public record RuleSpec(String name, int[] masks, Expectation expect) {

    /** A rule that matches every case; narrow it with {@link #where}. */
    public static RuleSpec any(String name, Expectation expect) {
        return new RuleSpec(name, ColumnMasks.any(), expect);
    }

    /** The same rule with {@code column} limited to the given domain indexes (none given: any value). */
    public RuleSpec where(Column column, int... values) {
        return new RuleSpec(name, ColumnMasks.where(masks, column, values), expect);
    }

    public String policy() {
        return expect.policy();
    }

    public boolean matches(int conditionCode) {
        return ColumnMasks.matches(masks, Conditions.decode(conditionCode));
    }

    /** The condition cells: "—" for any, else the values. */
    public List<String> cells() {
        return ColumnMasks.cells(masks, List.of());
    }
}

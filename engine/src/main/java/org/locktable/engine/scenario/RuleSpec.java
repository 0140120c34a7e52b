package org.locktable.engine.scenario;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.table.Column;
import org.locktable.engine.table.Conditions;

/**
 * One row of a user's decision table: for one policy, a set of allowed values per condition column (a bit
 * mask over {@link Column#domain()}; the full mask is "any") and the expected outcome.
 */
public record RuleSpec(String name, int[] masks, Expectation expect) {

    /** A rule that matches every case; narrow it with {@link #where}. */
    public static RuleSpec any(String name, Expectation expect) {
        int[] masks = new int[Column.values().length];
        for (Column c : Column.values()) {
            masks[c.ordinal()] = c.fullMask();
        }
        return new RuleSpec(name, masks, expect);
    }

    /** The same rule with {@code column} limited to the given domain indexes (none given: any value). */
    public RuleSpec where(Column column, int... values) {
        int[] m = masks.clone();
        if (values.length == 0) {
            m[column.ordinal()] = column.fullMask();
        } else {
            int mask = 0;
            for (int v : values) {
                mask |= 1 << v;
            }
            m[column.ordinal()] = mask;
        }
        return new RuleSpec(name, m, expect);
    }

    public String policy() {
        return expect.policy();
    }

    public boolean matches(int conditionCode) {
        int[] values = Conditions.decode(conditionCode);
        for (int i = 0; i < masks.length; i++) {
            if ((masks[i] & (1 << values[i])) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The condition cells: "—" for any, else the values. */
    public List<String> cells() {
        List<String> out = new ArrayList<>();
        for (Column c : Column.values()) {
            int m = masks[c.ordinal()];
            if (m == c.fullMask()) {
                out.add("—");
                continue;
            }
            List<String> vs = new ArrayList<>();
            for (int v = 0; v < c.size(); v++) {
                if ((m & (1 << v)) != 0) {
                    vs.add(c.domain().get(v));
                }
            }
            out.add(String.join(", ", vs));
        }
        return out;
    }
}

package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.List;

/**
 * The conditions of a table row, as a minimised table ({@link Rule}) and a user's rule
 * ({@link org.locktable.engine.scenario.RuleSpec}) both hold them: one bit mask per column over its domain, the fixed
 * columns ({@link Column}) first, then any a table added. A full mask is a don't-care, rendered "—".
 */
public final class ColumnMasks {
    private ColumnMasks() {
    }

    /** Every fixed column a don't-care: a row that matches every case. */
    public static int[] any() {
        int[] masks = new int[Column.ALL.length];
        for (Column c : Column.ALL) {
            masks[c.ordinal()] = c.fullMask();
        }
        return masks;
    }

    /** A copy of {@code masks} with {@code column} limited to the given domain indexes (none given: any value). */
    public static int[] where(int[] masks, Column column, int... values) {
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
        return m;
    }

    /** Whether the row admits {@code values}: one domain index per column, as many as {@code masks}. */
    public static boolean matches(int[] masks, int[] values) {
        for (int i = 0; i < masks.length; i++) {
            if ((masks[i] & (1 << values[i])) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The cells of the fixed columns, then of {@code added}: "—" for a don't-care, else the values joined by ", ". */
    public static List<String> cells(int[] masks, List<Condition> added) {
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

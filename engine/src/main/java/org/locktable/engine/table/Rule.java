package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of a minimised table: per column the set of values it covers (a bit mask over the column's
 * domain; the full mask is a don't-care "—"), and the outcome class of every realised tuple it covers.
 */
public record Rule(int[] masks, int outcome) {
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

    /** The condition cells: "—" for a don't-care, else the values joined by ", ". */
    public List<String> cells() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < masks.length; i++) {
            Column c = Column.ALL[i];
            if (masks[i] == c.fullMask()) {
                out.add("—");
                continue;
            }
            List<String> vs = new ArrayList<>();
            for (int v = 0; v < c.size(); v++) {
                if ((masks[i] & (1 << v)) != 0) {
                    vs.add(c.domain().get(v));
                }
            }
            out.add(String.join(", ", vs));
        }
        return out;
    }
}

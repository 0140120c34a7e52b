package org.locktable.engine.table;

import java.util.List;

/**
 * The condition columns' minimisation ({@link TupleMinimiser} over {@link Column}): every realised tuple is covered,
 * and every rule covering it carries its outcome.
 */
final class Minimiser {
    /** Columns tried first are the ones most often irrelevant, which keeps rules short. */
    private static final Column[] EXPANSION_ORDER = {
        Column.IO, Column.MIDDLE, Column.RECORDS, Column.NOSEC, Column.NOWAIT, Column.TAIL, Column.HEAD,
        Column.ALIGNMENT, Column.EOF
    };

    static final TupleMinimiser CONDITIONS = new TupleMinimiser(sizes(), order());

    private Minimiser() {
    }

    /** {@code codes} sorted ascending, {@code outcomes[i]} the outcome class of {@code codes[i]}. */
    static List<Rule> minimise(int[] codes, int[] outcomes) {
        int[][] tuples = new int[codes.length][];
        for (int i = 0; i < codes.length; i++) {
            tuples[i] = Conditions.decode(codes[i]);
        }
        return CONDITIONS.minimise(tuples, outcomes);
    }

    /** The condition columns' expansion order by ordinal. */
    static int[] order() {
        int[] order = new int[EXPANSION_ORDER.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = EXPANSION_ORDER[i].ordinal();
        }
        return order;
    }

    static int[] sizes() {
        int[] sizes = new int[Column.ALL.length];
        for (int c = 0; c < sizes.length; c++) {
            sizes[c] = Column.ALL[c].size();
        }
        return sizes;
    }
}

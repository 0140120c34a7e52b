package org.locktable.conformance;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.table.Column;
import org.locktable.engine.table.Conditions;

/**
 * The report's classes of cases: the engine's condition columns alignment × EOF × IS_NOSEC
 * ({@link Conditions}), packed into one small int that orders like the columns' domains.
 */
final class Classes {
    private static final int ALIGNMENT = Column.ALIGNMENT.ordinal();
    private static final int EOF = Column.EOF.ordinal();
    private static final int NOSEC = Column.NOSEC.ordinal();

    private Classes() {
    }

    /** The full condition code of a case (every column). */
    static int conditions(Inode inode, WriteRequest req) {
        return Conditions.of(inode, req);
    }

    /** The report class of a condition code. */
    static int ofConditions(int code) {
        int[] v = Conditions.decode(code);
        return (v[ALIGNMENT] * Column.EOF.size() + v[EOF]) * Column.NOSEC.size() + v[NOSEC];
    }

    static int count() {
        return Column.ALIGNMENT.size() * Column.EOF.size() * Column.NOSEC.size();
    }

    static String alignment(int cls) {
        return Column.ALIGNMENT.domain().get(cls / (Column.EOF.size() * Column.NOSEC.size()));
    }

    static String eof(int cls) {
        return Column.EOF.domain().get(cls / Column.NOSEC.size() % Column.EOF.size());
    }

    static String nosec(int cls) {
        return Column.NOSEC.domain().get(cls % Column.NOSEC.size());
    }
}

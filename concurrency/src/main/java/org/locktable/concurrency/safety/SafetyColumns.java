package org.locktable.concurrency.safety;

import java.util.ArrayList;
import java.util.List;
import org.locktable.concurrency.Operation;
import org.locktable.engine.model.Inode;
import org.locktable.engine.table.Column;
import org.locktable.engine.table.Conditions;
import org.locktable.engine.table.Rule;
import org.locktable.engine.table.TupleMinimiser;

/**
 * The columns a safety class is stated in: the decision tables' condition columns of the first operation A (as
 * {@link Conditions} classifies it), then the second operation B's kind, where B lies against A, and B's EOF column.
 */
final class SafetyColumns {
    static final List<String> KIND = List.of("aio-dio", "dio");
    static final List<String> VS_A = List.of("apart", "same block", "overlaps", "contains A");
    private static final int BASE = Column.values().length;

    /** B's kind widened first (it is most often irrelevant), B's positions last (most often what matters). */
    static final TupleMinimiser MINIMISER = TupleMinimiser.conditionsAnd(
            new int[] {KIND.size(), VS_A.size(), Column.EOF.size()}, 1);

    private SafetyColumns() {
    }

    static int count() {
        return BASE + 3;
    }

    static List<String> headers() {
        List<String> h = new ArrayList<>();
        for (Column c : Column.values()) {
            h.add(c.header());
        }
        h.add("B");
        h.add("B vs A");
        h.add("B vs EOF");
        return h;
    }

    private static List<String> domain(int c) {
        return c < BASE ? Column.values()[c].domain() : c == BASE ? KIND : c == BASE + 1 ? VS_A : Column.EOF.domain();
    }

    static int[] tuple(SafetyCase sc) {
        Inode inode = sc.inode();
        Operation a = sc.first();
        Operation b = sc.second();
        int[] t = java.util.Arrays.copyOf(Conditions.decode(Conditions.of(inode, a.request())), count());
        t[BASE] = b.kind() == Operation.Kind.AIO_DIO ? 0 : 1;
        t[BASE + 1] = vsA(a, b, inode.blockSize());
        t[BASE + 2] = Conditions.eofIndex(inode.size(), b.offset(), b.end(), inode.blockSize());
        return t;
    }

    private static int vsA(Operation a, Operation b, long bs) {
        if (b.offset() < a.end() && a.offset() < b.end()) {
            return b.offset() <= a.offset() && b.end() >= a.end() ? 3 : 2;
        }
        boolean shareBlock = b.offset() / bs <= (a.end() - 1) / bs && a.offset() / bs <= (b.end() - 1) / bs;
        return shareBlock ? 1 : 0;
    }

    /** The cells of a rule: "—" for a don't-care, else its values joined by ", ". */
    static List<String> cells(Rule rule) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < count(); c++) {
            out.add(cell(rule, c));
        }
        return out;
    }

    static String cell(Rule rule, int c) {
        if (MINIMISER.dontCare(rule.masks(), c)) {
            return "—";
        }
        List<String> vs = new ArrayList<>();
        List<String> d = domain(c);
        for (int v = 0; v < d.size(); v++) {
            if ((rule.masks()[c] & (1 << v)) != 0) {
                vs.add(d.get(v));
            }
        }
        return String.join(", ", vs);
    }
}

package org.locktable.matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.locktable.conformance.CaseGroups;
import org.locktable.conformance.FsResult;
import org.locktable.conformance.Pass;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.table.Column;
import org.locktable.engine.table.Conditions;
import org.locktable.engine.table.DecisionTable;
import org.locktable.engine.table.Rule;

/**
 * A kernel's own decision table over the observable columns: its NOWAIT answers (OK, EAGAIN, EINVAL) over the
 * cases of one pass on one file system, grouped by the engine's condition tuple and minimised as the engine's
 * tables are. Where one tuple got two answers the columns fall short; those tuples are listed with a witness
 * each. {@link #match} names the catalog policies that predict every answer, {@link #diff} where one departs.
 */
public final class ObservedTable {
    /** One case as the report shows it. */
    public record Witness(long index, Inode inode, WriteRequest request, char answer) {
        public String text() {
            return inode.layout() + " i_size=" + inode.size() + (inode.nosec() ? "" : " set-uid") + " write "
                    + request.offset() + "+" + request.length() + " -> " + name(answer);
        }
    }

    /** A minimised row: the rule's cells, the kernel's answer, its cases and its first case. */
    public record Row(List<String> cells, char answer, long cases, Witness witness) {
    }

    /** Where a policy departs from the kernel: one condition tuple, both answers, its cases and first case. */
    public record Difference(String conditions, String kernel, String policy, long cases, Witness witness) {
    }

    private final String fs;
    private final List<Row> rows;
    private final List<Witness> conflicts;
    private final List<Witness> cases;
    private final long probed;

    private ObservedTable(String fs, List<Row> rows, List<Witness> conflicts, List<Witness> cases, long probed) {
        this.fs = fs;
        this.rows = rows;
        this.conflicts = conflicts;
        this.cases = cases;
        this.probed = probed;
    }

    /** The kernel's answer to one case of the space, by index: O, A, I, X, or {@code .} when not probed. */
    @FunctionalInterface
    public interface Answers {
        char answer(long index);
    }

    /** The table of {@code result}'s answers over {@code pass}'s cases (those probed). */
    public static ObservedTable of(Pass pass, FsResult result) {
        return of(pass, result.spec().kind().id(), result::answer);
    }

    /** The table of {@code answers} on the file system {@code fs} over {@code pass}'s cases. */
    public static ObservedTable of(Pass pass, String fs, Answers answers) {
        List<Witness> all = new ArrayList<>();
        for (CaseGroups.Group g : CaseGroups.of(pass.space(), pass.lbs())) {
            for (CaseGroups.Write w : g.writes()) {
                char a = answers.answer(w.index());
                if (a != '.') {
                    all.add(new Witness(w.index(), g.inode(), w.request(), a));
                }
            }
        }
        Map<Integer, Witness> first = new TreeMap<>();
        Map<Integer, Long> count = new TreeMap<>();
        Map<Integer, Witness> conflict = new TreeMap<>();
        for (Witness w : all) {
            int code = Conditions.of(w.inode(), w.request());
            Witness f = first.putIfAbsent(code, w);
            count.merge(code, 1L, Long::sum);
            if (f != null && f.answer() != w.answer()) {
                conflict.putIfAbsent(code, w);
            }
        }
        int[] codes = new int[first.size()];
        int[] outcomes = new int[codes.length];
        int i = 0;
        for (Map.Entry<Integer, Witness> e : first.entrySet()) {
            codes[i] = e.getKey();
            outcomes[i] = e.getValue().answer();
            i++;
        }
        List<Row> rows = new ArrayList<>();
        for (Rule r : DecisionTable.minimise(codes, outcomes)) {
            long n = 0;
            Witness w = null;
            for (int c = 0; c < codes.length; c++) {
                if (outcomes[c] == r.outcome() && r.matches(Conditions.decode(codes[c]))) {
                    n += count.get(codes[c]);
                    Witness f = first.get(codes[c]);
                    if (w == null || f.index() < w.index()) {
                        w = f;
                    }
                }
            }
            rows.add(new Row(r.cells(), (char) r.outcome(), n, w));
        }
        rows.sort((a, b) -> Long.compare(a.witness().index(), b.witness().index()));
        return new ObservedTable(fs, List.copyOf(rows), List.copyOf(conflict.values()), all, all.size());
    }

    public List<Row> rows() {
        return rows;
    }

    /** Cases whose tuple also got another answer: the columns cannot tell them apart. */
    public List<Witness> conflicts() {
        return conflicts;
    }

    public long probed() {
        return probed;
    }

    /** The catalog's direct-write policies for this file system that predict every observed answer, by id. */
    public List<String> match() {
        List<String> out = new ArrayList<>();
        for (Policy p : candidates()) {
            if (diff(p).isEmpty()) {
                out.add(p.id());
            }
        }
        return out;
    }

    /** The catalog's direct-write policies of this file system, by id. */
    public List<Policy> candidates() {
        List<Policy> out = new ArrayList<>();
        for (Policy p : PolicyCatalog.all()) {
            if (p.info().path() == WritePath.DIRECT && p.info().fileSystem().label().equals(fs)) {
                out.add(p);
            }
        }
        out.sort((a, b) -> a.id().compareTo(b.id()));
        return out;
    }

    /** Where {@code policy}'s answer differs from the kernel's, one row per condition tuple (space order). */
    public List<Difference> diff(Policy policy) {
        Map<String, Difference> rows = new java.util.LinkedHashMap<>();
        for (Witness w : cases) {
            String engine = policy.decide(w.inode(), w.request(), Detail.LOCK).result().name();
            String kernel = name(w.answer());
            if (engine.equals(kernel)) {
                continue;
            }
            String cond = Conditions.describe(Conditions.of(w.inode(), w.request()));
            String key = cond + "|" + kernel + "|" + engine;
            Difference d = rows.get(key);
            rows.put(key, d == null ? new Difference(cond, kernel, engine, 1, w)
                    : new Difference(cond, kernel, engine, d.cases() + 1, d.witness()));
        }
        return List.copyOf(rows.values());
    }

    /** The table as Markdown: the condition columns, the kernel's answer, cases and the first case. */
    public String toMarkdown() {
        StringBuilder s = new StringBuilder("|");
        for (Column c : Column.values()) {
            s.append(' ').append(c.header()).append(" |");
        }
        s.append(" kernel | cases | first case |\n|");
        s.append("---|".repeat(Column.values().length + 3)).append('\n');
        for (Row r : rows) {
            s.append('|');
            for (String cell : r.cells()) {
                s.append(' ').append(cell).append(" |");
            }
            s.append(' ').append(name(r.answer())).append(" | ").append(r.cases()).append(" | `")
                    .append(r.witness().text()).append("` |\n");
        }
        return s.toString();
    }

    static String name(char code) {
        return switch (code) {
            case 'O' -> "OK";
            case 'A' -> "EAGAIN";
            case 'I' -> "EINVAL";
            default -> "other";
        };
    }
}

package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.Cases;
import org.locktable.engine.text.MarkdownTable;

/**
 * Where two policies decide differently over one space: condition rows (minimised like a table, over the
 * pair of outcomes) with the outcome under each policy and the smallest case of the row as a witness.
 */
public final class PolicyDiff {
    private final PolicyInfo from;
    private final PolicyInfo to;
    private final Cases space;
    private final List<Row> rows;
    private final long differingCases;
    private final long cases;

    /** One row: conditions, the outcome before and after, how many cases, and the smallest of them. */
    public record Row(Rule conditions, Outcome before, Outcome after, long cases, Case witness) {
    }

    private PolicyDiff(PolicyInfo from, PolicyInfo to, Cases space, List<Row> rows, long differingCases, long cases) {
        this.from = from;
        this.to = to;
        this.space = space;
        this.rows = rows;
        this.differingCases = differingCases;
        this.cases = cases;
    }

    /** Compares {@code a} and {@code b} over {@code space}; both must be about the same kind of write. */
    public static PolicyDiff between(Policy a, Policy b, Cases space) throws InvalidInputException {
        if (a.info().path() != b.info().path()) {
            throw new InvalidInputException("policy", a.id() + " is about " + a.info().path() + " writes and " + b.id()
                    + " about " + b.info().path() + " writes: a diff compares policies of one kind of write");
        }
        CaseTally ta = CaseTally.of(a, space);
        CaseTally tb = CaseTally.of(b, space);
        int[] codes = ta.realisedCodes();
        int outcomeCount = 1 << 16;
        int[] classes = new int[codes.length];
        long differing = 0;
        for (int i = 0; i < codes.length; i++) {
            int oa = ta.outcome[codes[i]];
            int ob = tb.outcome[codes[i]];
            classes[i] = oa == ob ? -1 : oa * outcomeCount + ob;
            if (oa != ob) {
                differing += ta.count[codes[i]];
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Rule rule : Minimiser.minimise(codes, classes)) {
            if (rule.outcome() < 0) {
                continue;
            }
            long n = 0;
            Case witness = null;
            for (int i = 0; i < codes.length; i++) {
                if (classes[i] == rule.outcome() && rule.matches(Conditions.decode(codes[i]))) {
                    n += ta.count[codes[i]];
                    Case w = ta.witness[codes[i]];
                    if (witness == null || w.index() < witness.index()) {
                        witness = w;
                    }
                }
            }
            rows.add(new Row(rule, Outcome.fromCode(rule.outcome() / outcomeCount),
                    Outcome.fromCode(rule.outcome() % outcomeCount), n, witness));
        }
        rows.sort((x, y) -> Long.compare(x.witness().index(), y.witness().index()));
        return new PolicyDiff(a.info(), b.info(), space, List.copyOf(rows), differing, ta.cases);
    }

    public List<Row> rows() {
        return rows;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public long differingCases() {
        return differingCases;
    }

    public String toMarkdown() {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(from.id()).append(" → ").append(to.id()).append(" — where the decisions differ\n\n");
        md.append(Legend.diff()).append('\n');
        md.append("From: ").append(from.title()).append(" (").append(from.kernel()).append(").  \nTo: ")
                .append(to.title()).append(" (").append(to.kernel()).append(").\n\n");
        md.append("Space: ").append(space.describe()).append(". ").append(differingCases).append(" of ").append(cases)
                .append(" cases differ, in ").append(rows.size()).append(" condition rows.\n\n");
        if (rows.isEmpty()) {
            md.append("The two policies decide every case of the space the same way.\n");
            return md.toString();
        }
        MarkdownTable table = Markdown.numberedTable("before", "after", "cases", "smallest witness");
        int n = 1;
        for (Row r : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(Integer.toString(n++));
            cells.addAll(r.conditions().cells());
            cells.add(r.before().toString());
            cells.add(r.after().toString());
            cells.add(Long.toString(r.cases()));
            cells.add(Markdown.witness(r.witness()));
            table.row(cells);
        }
        return md.append(table.render()).toString();
    }
}

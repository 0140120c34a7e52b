package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.Detail;
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
    private final List<Condition> added;
    private final List<Row> rows;
    private final long differingCases;
    private final long cases;

    /** A pair of outcomes is one class: {@code before * OUTCOMES + after}; -1 where the two agree. */
    private static final int OUTCOMES = 1 << 16;

    /**
     * One row: conditions (the fixed columns, then {@link PolicyDiff#addedConditions()}), the outcome before and after,
     * how many cases, and the smallest of them.
     */
    public record Row(Rule conditions, Outcome before, Outcome after, long cases, Case witness) {
    }

    private PolicyDiff(PolicyInfo from, PolicyInfo to, Cases space, List<Condition> added, List<Row> rows,
            long differingCases, long cases) {
        this.from = from;
        this.to = to;
        this.space = space;
        this.added = added;
        this.rows = rows;
        this.differingCases = differingCases;
        this.cases = cases;
    }

    /**
     * Compares {@code a} and {@code b} over {@code space}; both must be about the same kind of write. The rows are over
     * the fixed condition columns, plus the fewest conditions of {@link ConditionLibrary#standard()} that tell where the
     * two differ and how; {@link TableConflictException} when not even the whole library does.
     */
    public static PolicyDiff between(Policy a, Policy b, Cases space) throws InvalidInputException {
        return between(a, b, space, ConditionLibrary.standard());
    }

    /** As {@link #between(Policy, Policy, Cases)}, with {@code library} the conditions the rows may add. */
    public static PolicyDiff between(Policy a, Policy b, Cases space, List<Condition> library) throws InvalidInputException {
        if (a.info().path() != b.info().path()) {
            throw new InvalidInputException("policy", a.id() + " is about " + a.info().path() + " writes and " + b.id()
                    + " about " + b.info().path() + " writes: a diff compares policies of one kind of write");
        }
        CaseTally tally = CaseTally.of(a.id() + " and " + b.id(), space, new CaseTally.Classifier() {
            @Override
            public int classOf(Case c) {
                int oa = Outcome.codeOf(a.decide(c.inode(), c.request(), Detail.LOCK));
                int ob = Outcome.codeOf(b.decide(c.inode(), c.request(), Detail.LOCK));
                return oa == ob ? -1 : oa * OUTCOMES + ob;
            }

            @Override
            public String describe(Case c) {
                return a.id() + ": " + Outcome.of(a.decide(c.inode(), c.request(), Detail.LOCK)) + ", " + b.id() + ": "
                        + Outcome.of(b.decide(c.inode(), c.request(), Detail.LOCK));
            }
        }, library);
        long differing = 0;
        for (int i = 0; i < tally.tuples.length; i++) {
            if (tally.outcome[i] >= 0) {
                differing += tally.count[i];
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Rule rule : tally.minimise()) {
            if (rule.outcome() < 0) {
                continue;
            }
            long n = 0;
            Case witness = null;
            for (int i = 0; i < tally.tuples.length; i++) {
                if (tally.outcome[i] == rule.outcome() && rule.matches(tally.tuples[i])) {
                    n += tally.count[i];
                    Case w = tally.witness[i];
                    if (witness == null || w.index() < witness.index()) {
                        witness = w;
                    }
                }
            }
            rows.add(new Row(rule, Outcome.fromCode(rule.outcome() / OUTCOMES),
                    Outcome.fromCode(rule.outcome() % OUTCOMES), n, witness));
        }
        rows.sort((x, y) -> Long.compare(x.witness().index(), y.witness().index()));
        return new PolicyDiff(a.info(), b.info(), space, tally.added, List.copyOf(rows), differing, tally.cases);
    }

    /** The library conditions the rows add after the fixed columns, in column order; empty when none are needed. */
    public List<Condition> addedConditions() {
        return added;
    }

    /** A row's condition cells: the fixed columns', then the added conditions'. */
    public List<String> cells(Row row) {
        return row.conditions().cells(added);
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
        md.append(Legend.diff(added)).append('\n');
        md.append("From: ").append(from.title()).append(" (").append(from.kernel()).append(").  \nTo: ")
                .append(to.title()).append(" (").append(to.kernel()).append(").\n\n");
        md.append("Space: ").append(space.describe()).append(". ").append(differingCases).append(" of ").append(cases)
                .append(" cases differ, in ").append(rows.size()).append(" condition rows.\n\n");
        md.append(Markdown.addedColumns(added, "where the two policies differ", "the rows add"));
        if (rows.isEmpty()) {
            md.append("The two policies decide every case of the space the same way.\n");
            return md.toString();
        }
        MarkdownTable table = Markdown.numberedTable(added, "before", "after", "cases", "smallest witness");
        int n = 1;
        for (Row r : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(Integer.toString(n++));
            cells.addAll(r.conditions().cells(added));
            cells.add(r.before().toString());
            cells.add(r.after().toString());
            cells.add(Long.toString(r.cases()));
            cells.add(Markdown.witness(r.witness()));
            table.row(cells);
        }
        return md.append(table.render()).toString();
    }
}

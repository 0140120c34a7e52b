package org.locktable.concurrency.safety;

import java.util.ArrayList;
import java.util.List;

import org.locktable.concurrency.Counterexample;
import org.locktable.engine.table.Rule;
import org.locktable.engine.text.MarkdownTable;

/**
 * What policy B makes newly UNSAFE or newly SAFE against policy A over one safety scope: minimised rows of the cases
 * whose verdict changes (a case refused under either policy is left out), each with its minimal witness: for newly
 * UNSAFE a shortest counterexample under B, for newly SAFE one under A.
 *
 * <p>Every count is of cases, each counted once, as {@link SafetySweep#unsafeCount()} (and {@code locktable safety})
 * counts them: the totals come from the two sweeps' verdicts case by case, and the minimised rules, which overlap, share
 * the cases out (a case two rows match counts in one of them only, {@link Tuples#casesByRule}), so the rows add up to
 * the totals. With no case refused, UNSAFE under B = UNSAFE under both + newly UNSAFE, and UNSAFE under A = UNSAFE
 * under both + newly SAFE ({@link #totals()}).
 */
public final class SafetyDiff {
    static final int NEWLY_UNSAFE = 1;
    static final int NEWLY_SAFE = 2;
    public static final String NEWLY_UNSAFE_TEXT = "newly UNSAFE";
    public static final String NEWLY_SAFE_TEXT = "newly SAFE";

    /**
     * One row: its rule, which change, how many cases (its share: a case another row also matches counts in one of
     * the two only), and the minimal witness among them with the counterexample of the unsafe side.
     */
    public record Change(Rule rule, String change, int cases, SafetyCase witness, Counterexample counterexample) {
        public List<String> cells() {
            return SafetyColumns.cells(rule);
        }
    }

    private final SafetySweep a;
    private final SafetySweep b;
    private final List<Change> changes;
    /** {@code tally[status under A][status under B]}: cases, each counted once. */
    private final int[][] tally;

    private SafetyDiff(SafetySweep a, SafetySweep b, List<Change> changes, int[][] tally) {
        this.a = a;
        this.b = b;
        this.changes = changes;
        this.tally = tally;
    }

    /** Both sweeps must be over the same scope. */
    public static SafetyDiff between(SafetySweep a, SafetySweep b) {
        if (!a.scope().equals(b.scope()) || a.cases().size() != b.cases().size()) {
            throw new IllegalArgumentException("a safety diff compares two sweeps of one scope");
        }
        int[][] tally = new int[3][3];
        for (int i = 0; i < a.cases().size(); i++) {
            tally[a.status(i)][b.status(i)]++;
        }
        Tuples t = new Tuples(a.cases(), i -> change(a, b, i), i -> a.status(i) != SafetySweep.REFUSED
                && b.status(i) != SafetySweep.REFUSED ? 1 : 0);
        List<Rule> rules = t.reportedRules();
        List<List<Integer>> byRule = t.casesByRule(rules);
        List<Change> changes = new ArrayList<>();
        for (int k = 0; k < rules.size(); k++) {
            Rule r = rules.get(k);
            for (int kind : new int[] {NEWLY_UNSAFE, NEWLY_SAFE}) {
                if ((r.outcome() & kind) == 0) {
                    continue;
                }
                SafetySweep unsafeSide = kind == NEWLY_UNSAFE ? b : a;
                int witness = -1;
                int n = 0;
                for (int i : byRule.get(k)) {
                    if (change(a, b, i) == kind) {
                        n++;
                        witness = witness < 0 || unsafeSide.smaller(i, witness) ? i : witness;
                    }
                }
                changes.add(new Change(r, kind == NEWLY_UNSAFE ? NEWLY_UNSAFE_TEXT : NEWLY_SAFE_TEXT, n,
                        a.cases().get(witness), unsafeSide.verdict(witness).counterexample().orElseThrow()));
            }
        }
        changes.sort((x, y) -> x.change().equals(y.change()) ? Integer.compare(x.witness().index(), y.witness().index())
                : x.change().compareTo(y.change()) < 0 ? 1 : -1);
        SafetyDiff d = new SafetyDiff(a, b, List.copyOf(changes), tally);
        for (String change : List.of(NEWLY_UNSAFE_TEXT, NEWLY_SAFE_TEXT)) {
            int rows = d.changes.stream().filter(c -> c.change().equals(change)).mapToInt(Change::cases).sum();
            if (rows != d.count(change)) {
                throw new IllegalStateException("the rows count " + rows + " cases " + change + ", the sweeps "
                        + d.count(change));
            }
        }
        return d;
    }

    private static int change(SafetySweep a, SafetySweep b, int i) {
        byte sa = a.status(i);
        byte sb = b.status(i);
        return sa == SafetySweep.SAFE && sb == SafetySweep.UNSAFE ? NEWLY_UNSAFE
                : sa == SafetySweep.UNSAFE && sb == SafetySweep.SAFE ? NEWLY_SAFE : 0;
    }

    public List<Change> changes() {
        return changes;
    }

    /** The cases of one change ({@link #NEWLY_UNSAFE_TEXT} or {@link #NEWLY_SAFE_TEXT}), each counted once. */
    public int count(String change) {
        return switch (change) {
            case NEWLY_UNSAFE_TEXT -> newlyUnsafe();
            case NEWLY_SAFE_TEXT -> newlySafe();
            default -> throw new IllegalArgumentException("not a change: " + change);
        };
    }

    /** Cases SAFE under A and UNSAFE under B. */
    public int newlyUnsafe() {
        return tally[SafetySweep.SAFE][SafetySweep.UNSAFE];
    }

    /** Cases UNSAFE under A and SAFE under B. */
    public int newlySafe() {
        return tally[SafetySweep.UNSAFE][SafetySweep.SAFE];
    }

    /** Cases UNSAFE under both policies. */
    public int unsafeInBoth() {
        return tally[SafetySweep.UNSAFE][SafetySweep.UNSAFE];
    }

    /** Cases SAFE under both policies. */
    public int safeInBoth() {
        return tally[SafetySweep.SAFE][SafetySweep.SAFE];
    }

    /** Cases UNSAFE under A ({@code after} false) or B ({@code after} true) that the other policy refuses. */
    public int unsafeRefusedByTheOther(boolean after) {
        return after ? tally[SafetySweep.REFUSED][SafetySweep.UNSAFE] : tally[SafetySweep.UNSAFE][SafetySweep.REFUSED];
    }

    /** Cases refused under either policy: left out of the diff. */
    public int refusedByEither() {
        int n = 0;
        for (int s = 0; s < 3; s++) {
            n += tally[SafetySweep.REFUSED][s] + (s == SafetySweep.REFUSED ? 0 : tally[s][SafetySweep.REFUSED]);
        }
        return n;
    }

    /**
     * How the diff's counts make up each policy's UNSAFE total, the one {@code locktable safety} prints: {@code UNSAFE
     * under ext4-base 20 = 0 UNSAFE under both + 20 newly SAFE; UNSAFE under ext4-eof-fix 0 = 0 UNSAFE under both + 0
     * newly UNSAFE.} (plus, where either policy refuses cases, the UNSAFE ones the other refuses).
     */
    public String totals() {
        String from = a.policy().id();
        String to = b.policy().id();
        StringBuilder s = new StringBuilder();
        s.append("Each case counts once (a case two rows match counts in one of them only), as in `locktable safety`: ")
                .append("UNSAFE under ").append(from).append(' ').append(a.unsafeCount()).append(" = ").append(unsafeInBoth())
                .append(" UNSAFE under both + ").append(newlySafe()).append(' ').append(NEWLY_SAFE_TEXT);
        if (unsafeRefusedByTheOther(false) > 0) {
            s.append(" + ").append(unsafeRefusedByTheOther(false)).append(" refused under ").append(to);
        }
        s.append("; UNSAFE under ").append(to).append(' ').append(b.unsafeCount()).append(" = ").append(unsafeInBoth())
                .append(" UNSAFE under both + ").append(newlyUnsafe()).append(' ').append(NEWLY_UNSAFE_TEXT);
        if (unsafeRefusedByTheOther(true) > 0) {
            s.append(" + ").append(unsafeRefusedByTheOther(true)).append(" refused under ").append(from);
        }
        s.append('.');
        if (refusedByEither() > 0) {
            s.append(' ').append(refusedByEither()).append(" cases refused under either policy are left out of the rows.");
        }
        return s.toString();
    }

    /** {@link #toMarkdown(String, boolean)} without the totals line (as generated-docs/safety.md has it). */
    public String toMarkdown(String heading) {
        return toMarkdown(heading, false);
    }

    /** The headline, then {@link #totals()} if {@code totals}, the rows and each row's counterexample. */
    public String toMarkdown(String heading, boolean totals) {
        String from = a.policy().id();
        String to = b.policy().id();
        StringBuilder md = new StringBuilder();
        md.append(heading).append(' ').append(from).append(" → ").append(to).append(" — safety diff\n\n");
        md.append("Scope: ").append(a.scope().describe()).append(". ").append(count(NEWLY_UNSAFE_TEXT))
                .append(" cases newly UNSAFE, ").append(count(NEWLY_SAFE_TEXT)).append(" newly SAFE under ").append(to)
                .append(", in ").append(changes.size()).append(" rows.\n\n");
        if (totals) {
            md.append(totals()).append("\n\n");
        }
        if (changes.isEmpty()) {
            return md.append("The two policies give every case of the scope the same verdict.\n").toString();
        }
        MarkdownTable t = new MarkdownTable().left("#");
        for (String h : SafetyColumns.headers()) {
            t.left(h);
        }
        t.left("change").right("cases").left("minimal witness", "bad (on the UNSAFE side)");
        int n = 1;
        for (Change c : changes) {
            List<String> cells = new ArrayList<>();
            cells.add(Integer.toString(n++));
            cells.addAll(c.cells());
            cells.add(c.change());
            cells.add(Integer.toString(c.cases()));
            cells.add(c.witness().describe());
            cells.add(c.counterexample().badRangesText());
            t.row(cells);
        }
        md.append(t.render()).append('\n');
        n = 1;
        for (Change c : changes) {
            String side = c.change().equals(NEWLY_UNSAFE_TEXT) ? to : from;
            md.append("Row ").append(n++).append(", ").append(c.change()).append(": the counterexample under ").append(side)
                    .append(" (").append(c.counterexample().steps().size()).append(" steps):\n\n```\n")
                    .append(c.counterexample().timeline()).append("```\n\n`").append(c.witness().raceCommand(side))
                    .append("`\n\n");
        }
        return md.toString();
    }
}

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
 */
public final class SafetyDiff {
    static final int NEWLY_UNSAFE = 1;
    static final int NEWLY_SAFE = 2;
    public static final String NEWLY_UNSAFE_TEXT = "newly UNSAFE";
    public static final String NEWLY_SAFE_TEXT = "newly SAFE";

    /** One row: its rule, which change, how many cases, and the minimal witness with the counterexample of the unsafe side. */
    public record Change(Rule rule, String change, int cases, SafetyCase witness, Counterexample counterexample) {
        public List<String> cells() {
            return SafetyColumns.cells(rule);
        }
    }

    private final SafetySweep a;
    private final SafetySweep b;
    private final List<Change> changes;

    private SafetyDiff(SafetySweep a, SafetySweep b, List<Change> changes) {
        this.a = a;
        this.b = b;
        this.changes = changes;
    }

    /** Both sweeps must be over the same scope. */
    public static SafetyDiff between(SafetySweep a, SafetySweep b) {
        if (!a.scope().equals(b.scope())) {
            throw new IllegalArgumentException("a safety diff compares two sweeps of one scope");
        }
        Tuples t = new Tuples(a.cases(), i -> change(a, b, i), i -> a.status(i) != SafetySweep.REFUSED
                && b.status(i) != SafetySweep.REFUSED ? 1 : 0);
        List<Change> changes = new ArrayList<>();
        for (Rule r : t.reportedRules()) {
            for (int kind : new int[] {NEWLY_UNSAFE, NEWLY_SAFE}) {
                if ((r.outcome() & kind) == 0) {
                    continue;
                }
                SafetySweep unsafeSide = kind == NEWLY_UNSAFE ? b : a;
                int witness = -1;
                int n = 0;
                for (int i : t.casesOf(r)) {
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
        return new SafetyDiff(a, b, List.copyOf(changes));
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

    public int count(String change) {
        return changes.stream().filter(c -> c.change().equals(change)).mapToInt(Change::cases).sum();
    }

    public String toMarkdown(String heading) {
        String from = a.policy().id();
        String to = b.policy().id();
        StringBuilder md = new StringBuilder();
        md.append(heading).append(' ').append(from).append(" → ").append(to).append(" — safety diff\n\n");
        md.append("Scope: ").append(a.scope().describe()).append(". ").append(count(NEWLY_UNSAFE_TEXT))
                .append(" cases newly UNSAFE, ").append(count(NEWLY_SAFE_TEXT)).append(" newly SAFE under ").append(to)
                .append(", in ").append(changes.size()).append(" rows.\n\n");
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

package org.locktable.concurrency.safety;

import java.util.ArrayList;
import java.util.List;

import org.locktable.concurrency.Counterexample;
import org.locktable.engine.table.Rule;
import org.locktable.engine.text.MarkdownTable;

/**
 * A policy's unsafe classes over a safety scope: the minimised rows (decision-table condition columns of A, B's kind
 * and position) whose cases are all UNSAFE ("UNSAFE") or partly ("some UNSAFE": the columns do not decide the verdict
 * alone), each with its minimal witness: fewest blocks, then the shortest counterexample schedule.
 */
public final class SafetyTable {
    private static final int ALL_UNSAFE = 1;
    private static final int MIXED = 3;

    /**
     * One unsafe class: its rule, how many of its cases are UNSAFE, and the minimal witness. Its cases are its share of
     * the cases its rule matches ({@link Tuples#casesByRule}: a case two classes match counts in one of them only), so
     * the classes' UNSAFE counts add up to {@link SafetySweep#unsafeCount()}.
     */
    public record UnsafeClass(Rule rule, boolean mixed, int unsafeCases, int cases, SafetyCase witness,
            Counterexample counterexample) {
        public List<String> cells() {
            return SafetyColumns.cells(rule);
        }

        public String verdict() {
            return mixed ? "some UNSAFE" : "UNSAFE";
        }
    }

    private final SafetySweep sweep;
    private final List<UnsafeClass> classes;

    private SafetyTable(SafetySweep sweep, List<UnsafeClass> classes) {
        this.sweep = sweep;
        this.classes = classes;
    }

    public static SafetyTable of(SafetySweep sweep) {
        // bit 0: an UNSAFE case, bit 1: a SAFE one; a tuple of both is MIXED
        Tuples t = new Tuples(sweep.cases(), i -> sweep.status(i) == SafetySweep.UNSAFE ? 1 : 2,
                i -> sweep.status(i) == SafetySweep.REFUSED ? 0 : 1);
        List<UnsafeClass> classes = new ArrayList<>();
        List<Rule> rules = t.reportedRules();
        // each case in one class only (rules overlap): the classes' counts add up to the sweep's
        List<List<Integer>> byRule = t.casesByRule(rules);
        for (int k = 0; k < rules.size(); k++) {
            Rule r = rules.get(k);
            if (r.outcome() != ALL_UNSAFE && r.outcome() != MIXED) {
                continue;
            }
            int witness = -1;
            int unsafe = 0;
            List<Integer> members = byRule.get(k);
            for (int i : members) {
                if (sweep.status(i) == SafetySweep.UNSAFE) {
                    unsafe++;
                    witness = witness < 0 || sweep.smaller(i, witness) ? i : witness;
                }
            }
            classes.add(new UnsafeClass(r, r.outcome() == MIXED, unsafe, members.size(), sweep.cases().get(witness),
                    sweep.verdict(witness).counterexample().orElseThrow()));
        }
        classes.sort((a, b) -> sweep.smaller(a.witness().index(), b.witness().index()) ? -1
                : a.witness().index() == b.witness().index() ? 0 : 1);
        return new SafetyTable(sweep, List.copyOf(classes));
    }

    /** The column headers of {@link UnsafeClass#cells()} (and of a diff row's). */
    public static List<String> headers() {
        return SafetyColumns.headers();
    }

    public SafetySweep sweep() {
        return sweep;
    }

    public List<UnsafeClass> classes() {
        return classes;
    }

    public boolean safe() {
        return classes.isEmpty();
    }

    /** The counts line: cases explored and refused, UNSAFE cases, schedules and states. */
    public String summary() {
        return sweep.explored() + " cases explored (" + sweep.refused() + " refused: the decision is not OK), "
                + sweep.schedules() + " schedules in " + sweep.states() + " states; " + sweep.unsafeCount()
                + " UNSAFE, in " + classes.size() + " class" + (classes.size() == 1 ? "" : "es");
    }

    /** The table, then each class's minimal counterexample; {@code heading} is the Markdown heading prefix. */
    public String toMarkdown(String heading) {
        String id = sweep.policy().id();
        StringBuilder md = new StringBuilder();
        md.append(heading).append(' ').append(id).append(" — unsafe classes\n\n");
        md.append("Scope: ").append(sweep.scope().describe()).append(". ").append(summary()).append(".\n\n");
        if (classes.isEmpty()) {
            return md.append("SAFE: no schedule of any case of the scope ends in a file no serial order explains.\n")
                    .toString();
        }
        md.append(table().render()).append('\n');
        int n = 1;
        for (UnsafeClass c : classes) {
            md.append("Class ").append(n++).append(", minimal witness ").append(c.witness().describe()).append(" (")
                    .append(c.counterexample().steps().size()).append(" steps; bad ").append(c.counterexample().badRangesText())
                    .append("):\n\n```\n").append(c.counterexample().timeline()).append("```\n\n")
                    .append("`").append(c.witness().raceCommand(id)).append("`\n\n");
        }
        return md.toString();
    }

    private MarkdownTable table() {
        MarkdownTable t = new MarkdownTable().left("#");
        for (String h : SafetyColumns.headers()) {
            t.left(h);
        }
        t.left("verdict").right("UNSAFE / cases").left("minimal witness", "bad");
        int n = 1;
        for (UnsafeClass c : classes) {
            List<String> cells = new ArrayList<>();
            cells.add(Integer.toString(n++));
            cells.addAll(c.cells());
            cells.add(c.verdict());
            cells.add(c.unsafeCases() + " / " + c.cases());
            cells.add(c.witness().describe());
            cells.add(c.counterexample().badRangesText());
            t.row(cells);
        }
        return t;
    }
}

package org.locktable.processor;

import java.util.List;
import java.util.Locale;

import org.locktable.concurrency.Counterexample;
import org.locktable.concurrency.RaceCheck;
import org.locktable.concurrency.Verdict;
import org.locktable.dsl.reader.RaceModel;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.engine.render.Strip;
import org.locktable.engine.text.MarkdownTable;

/**
 * Generate, for {@code @Concurrent}: the page's race section — the file with each operation drawn under it, one row
 * per direct-write policy (verdict, schedules, states, ✓/✗ against the expectation), and for each UNSAFE policy its
 * shortest counterexample as a timeline. A pure function of the model and the oracle's outcomes.
 */
final class RaceWriter {
    private RaceWriter() {
    }

    static void section(StringBuilder md, ScenarioModel m, List<RaceOracleCheck.Outcome> outcomes) {
        RaceModel race = m.race();
        md.append("## Race\n\n```\n").append(race.inode()).append('\n');
        for (int i = 0; i < race.ops().size(); i++) {
            RaceModel.RaceOp op = race.ops().get(i);
            md.append('\n').append(lane(i)).append(" = ").append(op.text()).append('\n');
            for (String line : new Strip(race.inode().layout(), race.inode().blockSize(), race.inode().size(),
                    op.offset(), op.len()).lines()) {
                md.append(line).append('\n');
            }
        }
        md.append("```\n\n");
        md.append("Every schedule of the operations' kernel steps, each judged against the serial orders of the "
                + "operations (`locktable race`; the model is in the concurrency module's README).\n\n");
        MarkdownTable table = new MarkdownTable().left("policy", "expected", "✓/✗", "verdict", "schedules", "states",
                "bad ranges (shortest)");
        for (RaceOracleCheck.Outcome o : outcomes) {
            RaceModel.RaceExpectation e = expectation(race, o.policy());
            if (o.refusal() != null) {
                table.row(o.policy(), e == null ? "" : e.describe(), e == null ? "" : "✗ not raced", "not raced: "
                        + o.refusal(), "", "", "");
                continue;
            }
            Verdict v = o.verdict();
            String check = "";
            if (e != null) {
                String problem = RaceCheck.problem(v, e.safe(), e.badRanges());
                check = problem == null ? "✓" : "✗ " + problem;
            }
            table.row(o.policy(), e == null ? "" : e.describe(), check, v.safe() ? "SAFE" : "**UNSAFE**",
                    count(v.schedules()), count(v.states()),
                    v.counterexample().map(c -> "`" + c.badRangesText() + "`").orElse(""));
        }
        md.append(table.render()).append('\n');
        for (RaceOracleCheck.Outcome o : outcomes) {
            if (o.verdict() == null || o.verdict().counterexample().isEmpty()) {
                continue;
            }
            Counterexample c = o.verdict().counterexample().get();
            md.append("### ").append(o.policy()).append(": UNSAFE\n\n").append("The shortest unsafe schedule, ")
                    .append(c.steps().size()).append(" steps (`S`/`X`: the lane holds the inode lock shared or "
                            + "exclusive):\n\n```\n").append(c.timeline()).append("```\n\n")
                    .append("Bad ranges: `").append(c.badRangesText()).append("`. The file after it, a letter per "
                            + "512-byte sector (A, B, C an operation's bytes, 0 zeros, o original, ? stale): `")
                    .append(c.contents()).append("`.");
            if (o.verdict().badRangeSets().size() > 1) {
                md.append(" Every set of bad ranges some schedule leaves: ");
                for (int i = 0; i < o.verdict().badRangeSets().size(); i++) {
                    md.append(i == 0 ? "" : ", ").append('`').append(o.verdict().badRangeSets().get(i)).append('`');
                }
                md.append('.');
            }
            md.append("\n\n");
        }
    }

    private static RaceModel.RaceExpectation expectation(RaceModel race, String policy) {
        for (RaceModel.RaceExpectation e : race.expectations()) {
            if (e.policy().equals(policy)) {
                return e;
            }
        }
        return null;
    }

    static String lane(int i) {
        return String.valueOf((char) ('A' + i));
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}

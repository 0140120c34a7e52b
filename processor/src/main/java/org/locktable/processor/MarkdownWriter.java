package org.locktable.processor;

import java.util.ArrayList;
import java.util.List;

import org.locktable.dsl.reader.RaceModel;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.render.Strip;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.RuleSpec;
import org.locktable.engine.scenario.SweepAnalysis;
import org.locktable.engine.table.Column;
import org.locktable.engine.table.DecisionTable;
import org.locktable.engine.text.MarkdownTable;
import org.locktable.timing.check.TimingTable;

/**
 * Generate: the GitHub-flavoured Markdown page of one scenario class (layout strip, inputs ‖ outputs per
 * policy with ✓/✗ against expectations, the key trace step; for a sweep, the user's rules next to the
 * engine's minimised table) and the index row it contributes. Deterministic: no dates, catalog order.
 */
final class MarkdownWriter {
    /** Where pages go under the resource root; the processor bundles them all into one {@code ScenarioPages}. */
    static final String ROOT = "locktable/scenarios/";

    private MarkdownWriter() {
    }

    /** The page's path under the resource root, e.g. {@code locktable/scenarios/org/example/ext4/E01Aligned.md}. */
    static String path(ScenarioModel m) {
        return ROOT + (m.packageName().isEmpty() ? "" : m.packageName().replace('.', '/') + "/")
                + m.simpleName() + ".md";
    }

    static String page(ScenarioModel m, SweepAnalysis analysis) {
        return page(m, analysis, null, null);
    }

    /**
     * The page, with the timing section when the class has a {@code @Workload} ({@code timing}: its simulated table, or
     * null) and the race section when it has {@code @Concurrent} ({@code races}: the oracle's outcomes).
     */
    static String page(ScenarioModel m, SweepAnalysis analysis, TimingTable timing,
            List<RaceOracleCheck.Outcome> races) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(m.title()).append("\n\n");
        md.append("`").append(m.qualifiedName()).append("`");
        if (!m.source().isEmpty()) {
            md.append(" · source: ").append(m.source());
        }
        md.append("\n\n");
        if (!m.why().isEmpty()) {
            md.append(m.why()).append("\n\n");
        }
        if (m.inode() != null) {
            singleWrite(md, m);
        }
        if (m.sweep() != null) {
            sweep(md, m, analysis);
        }
        if (m.timing() != null) {
            TimingWriter.section(md, m, timing);
        }
        if (m.race() != null && races != null) {
            RaceWriter.section(md, m, races);
        }
        return md.toString();
    }

    private static void singleWrite(StringBuilder md, ScenarioModel m) {
        md.append("```\n").append(m.inode()).append('\n').append(m.write()).append('\n');
        for (String line : new Strip(m.inode().layout(), m.inode().blockSize(), m.inode().size(), m.write().offset(),
                m.write().length()).lines()) {
            md.append(line).append('\n');
        }
        md.append("```\n\n");
        MarkdownTable table = new MarkdownTable().left("policy", "expected", "✓/✗", "result", "lock path", "final lock",
                "drain", "force-wait", "NOWAIT", "key step");
        for (Policy p : PolicyCatalog.all()) {
            Expectation e = expectationFor(m, p.id());
            if (e == null && !aboutThisWrite(p, m)) {
                continue;
            }
            Decision d = p.decide(m.inode(), m.write());
            String verdict = e == null ? "" : e.mismatches(d).isEmpty() ? "✓" : "✗ " + String.join("; ", e.mismatches(d));
            table.row(p.id(), e == null ? "" : e.describe(), verdict, d.result().name(), d.lockPathText(),
                    d.finalLock().name(), yes(d.drain()), yes(d.forceWait()),
                    d.nowait() == NowaitOutcome.NOT_APPLICABLE ? "n/a" : d.nowait().name(), "`" + keyStep(d) + "`");
        }
        md.append(table.render());
        if (!m.relations().isEmpty()) {
            md.append("\nRelations:\n\n");
            for (ScenarioModel.Relation r : m.relations()) {
                md.append("- ").append(EngineCheck.describe(r).replace("@", "")).append('\n');
            }
        }
        md.append('\n');
    }

    /** A policy's table is about direct, buffered or write-through writes: pages show the ones about this write. */
    static boolean aboutThisWrite(Policy p, ScenarioModel m) {
        PolicyInfo.WritePath path = m.write().direct() ? PolicyInfo.WritePath.DIRECT
                : m.write().writethrough() && m.write().noserial() ? PolicyInfo.WritePath.WRITETHROUGH_NOSERIAL
                : PolicyInfo.WritePath.BUFFERED;
        return p.info().path() == path;
    }

    private static Expectation expectationFor(ScenarioModel m, String policy) {
        for (Expectation e : m.expectations()) {
            if (e.policy().equals(policy)) {
                return e;
            }
        }
        return null;
    }

    /** The trace step that settled the lock: the last line naming a lock decision, else the last line. */
    static String keyStep(Decision d) {
        List<String> t = d.trace();
        for (int i = t.size() - 1; i >= 0; i--) {
            String s = t.get(i);
            if (s.contains("exclusive") || s.contains("EXCL") || s.contains("-EAGAIN") || s.contains("shared")
                    || s.contains("SHARED") || s.contains("downgrade") || s.contains("inode_lock")
                    || s.contains("IOLOCK") || s.contains("EOPNOTSUPP")) {
                return s.replace("`", "'");
            }
        }
        return t.isEmpty() ? "" : t.get(t.size() - 1).replace("`", "'");
    }

    private static void sweep(StringBuilder md, ScenarioModel m, SweepAnalysis a) {
        ScenarioModel.SweepModel s = m.sweep();
        md.append("## Sweep\n\n").append(s.spec().describe()).append(". Hit policy ")
                .append(s.firstHit() ? "FIRST" : "UNIQUE").append(s.complete() ? ", complete" : "").append(".\n\n");
        md.append("### The rules\n\n");
        List<String> header = new ArrayList<>(List.of("rule", "policy"));
        for (Column c : Column.values()) {
            header.add(c.header());
        }
        header.addAll(List.of("expected", "cases", "✓/✗"));
        MarkdownTable rules = new MarkdownTable().left(header.toArray(new String[0]));
        for (int i = 0; i < s.rules().size(); i++) {
            RuleSpec r = s.rules().get(i);
            List<String> cells = new ArrayList<>(List.of(r.name(), r.policy()));
            cells.addAll(r.cells());
            cells.add(r.expect().describe());
            cells.add(Long.toString(a.matched(i)));
            SweepAnalysis.Finding f = a.counterexample(i);
            cells.add(a.matched(i) == 0 ? "**matches nothing**"
                    : f == null ? "✓" : "**✗** " + f.what() + " at `" + f.at().inode().layout() + "` i_size="
                            + f.at().inode().size() + " write " + f.at().request().offset() + "+" + f.at().request().length());
            rules.row(cells);
        }
        md.append(rules.render()).append('\n');
        for (String policy : policies(s.rules())) {
            DecisionTable t = DecisionTable.build(PolicyCatalog.find(policy).orElseThrow(), s.spec());
            String table = t.toMarkdown();
            md.append("### What the engine decides: ").append(policy).append("\n\n");
            md.append(table.substring(table.indexOf("| #"))).append('\n');
        }
    }

    private static List<String> policies(List<RuleSpec> rules) {
        List<String> out = new ArrayList<>();
        for (RuleSpec r : rules) {
            if (!out.contains(r.policy())) {
                out.add(r.policy());
            }
        }
        return out;
    }

    /** The index: one row per scenario, one column per catalog policy, ✓/✗ where the scenario expects something. */
    static String index(List<ScenarioModel> models) {
        StringBuilder md = new StringBuilder("# Scenarios\n\n");
        md.append("Generated by the locktable annotation processor. Cells: the final lock (S, **X**), EAGAIN or another "
                + "refusal; ✓/✗ where the scenario states an expectation for that policy; for a race, the verdict it "
                + "expects.\n\n");
        List<String> header = new ArrayList<>(List.of("scenario", "title"));
        header.addAll(PolicyCatalog.ids());
        MarkdownTable table = new MarkdownTable().left(header.toArray(new String[0]));
        for (ScenarioModel m : models) {
            List<String> cells = new ArrayList<>();
            cells.add("[" + m.qualifiedName() + "](" + path(m).substring(ROOT.length()) + ")");
            cells.add(m.title());
            for (Policy p : PolicyCatalog.all()) {
                if (m.race() != null) {
                    cells.add(raceCell(m, p.id()));
                    continue;
                }
                if (m.inode() == null) {
                    cells.add(m.sweep() != null && policies(m.sweep().rules()).contains(p.id()) ? "sweep"
                            : m.timing() != null && m.timing().spec().policies().contains(p.id()) ? "timing" : "");
                    continue;
                }
                Expectation e = expectationFor(m, p.id());
                if (e == null && !aboutThisWrite(p, m)) {
                    cells.add("");
                    continue;
                }
                Decision d = p.decide(m.inode(), m.write());
                String cell = d.result().name().equals("OK") ? (d.finalLock().name().equals("EXCLUSIVE") ? "**X**" : "S")
                        : d.result().name();
                if (e != null) {
                    cell += e.mismatches(d).isEmpty() ? " ✓" : " ✗";
                }
                cells.add(cell);
            }
            table.row(cells);
        }
        return md.append(table.render()).toString();
    }

    /** {@code race SAFE}, {@code race **UNSAFE**}, or empty where the race states nothing of the policy. */
    private static String raceCell(ScenarioModel m, String policy) {
        for (RaceModel.RaceExpectation e : m.race().expectations()) {
            if (e.policy().equals(policy)) {
                return e.safe() ? "race SAFE" : "race **UNSAFE**";
            }
        }
        return "";
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }
}

package org.locktable.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.locktable.dsl.reader.RaceModel;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.dsl.reader.TimingModel;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.RuleSpec;
import org.locktable.engine.scenario.ScenarioCheck;
import org.locktable.engine.table.Column;

/**
 * Generate: the JUnit 5 suite of one package's scenario classes, {@value #PACKAGE_SUITE} — for each scenario one
 * named {@code @Test} per expectation and relation, one recording every catalog policy's decision, one per sweep
 * rule, one per {@code @ExpectSpeedup} and one per race expectation ({@code @ExpectSafe}, {@code @ExpectUnsafe}) for
 * each of its policies, each method named by the class and the expectation
 * ({@code E01Aligned_expect_ext4_base}) — as Java source text ({@link JavaSource}). Pure function of the models: the
 * same scenarios give the same source, byte for byte.
 *
 * <p>One file per package, not per class: javac's Filer checks every created source against every module of the
 * release and every earlier output, which for a thousand one-class suites cost more than compiling them. The price:
 * a change to one scenario regenerates (and recompiles) its package's suite. A scenario's tests are one-line calls
 * on a {@code ScenarioSuite} that holds the inode and write as the text the engine prints for them.
 */
final class SuiteWriter {
    /** The simple name of a package's generated suite (a second batch of the same package, from a later round: {@code Scenarios2_LocktableTest}). */
    static final String PACKAGE_SUITE = "Scenarios" + ScenarioModel.SUITE_SUFFIX;
    private static final String ENGINE = "org.locktable.engine.";
    private static final String RACE_CHECK = "org.locktable.concurrency.RaceCheck";
    private static final String M = JavaSource.INDENT;
    private static final String B = M + M;
    private static final String CONTINUATION = B + M + M;

    private final Set<String> methodNames = new HashSet<>();
    private final String suiteName;
    private final JavaSource src;
    /** The scenario being written: its flat name and '_', the prefix of its members. */
    private String prefix = "";

    private SuiteWriter(String packageName, String suiteName) {
        this.suiteName = suiteName;
        this.src = new JavaSource(packageName);
    }

    /** The suite's simple name for the {@code batch}-th set of scenarios of a package (1 for the first round's). */
    static String suiteName(int batch) {
        return batch == 1 ? PACKAGE_SUITE : "Scenarios" + batch + ScenarioModel.SUITE_SUFFIX;
    }

    /** One package's suite, as source text; {@code scenarios} all of that package, in the order their tests appear. */
    static String write(String packageName, String suiteName, List<ScenarioModel> scenarios) {
        return new SuiteWriter(packageName, suiteName).suite(packageName, scenarios);
    }

    private String suite(String packageName, List<ScenarioModel> scenarios) {
        if (scenarios.stream().anyMatch(m -> m.sweep() != null || m.timing() != null || m.race() != null)) {
            src.member().append(M).append("private static final String RERUN = ")
                    .append(JavaSource.literal("mvn test -Dtest=" + suiteName + "#")).append(";\n");
        }
        for (ScenarioModel m : scenarios) {
            scenario(m);
        }
        String where = packageName.isEmpty() ? "the unnamed package" : packageName;
        StringBuilder header = new StringBuilder();
        JavaSource.javadoc(header, "", "The locktable suite of the scenario classes of "
                + (packageName.isEmpty() ? "the unnamed package" : "{@code " + packageName + "}")
                + ": each test is named by its class and its expectation.");
        header.append('@').append(src.type("javax.annotation.processing.Generated")).append("(\n")
                .append(B).append("value = ").append(JavaSource.literal(LocktableProcessor.class.getName())).append(",\n")
                .append(B).append("comments = ").append(JavaSource.literal("from the scenarios of " + where + "; do not edit"))
                .append("\n)\nfinal class ").append(suiteName);
        return src.file(header.toString());
    }

    private void scenario(ScenarioModel m) {
        prefix = m.simpleName() + "_";
        if (m.inode() != null) {
            StringBuilder f = src.member();
            JavaSource.javadoc(f, M, "{@code " + m.qualifiedName() + "}: " + javadocText(m.title()));
            String suite = src.type(ENGINE + "scenario.ScenarioSuite");
            f.append(M).append("private static final ").append(suite).append(' ').append(prefix).append("SUITE = ")
                    .append(suite).append(".of(").append(JavaSource.literal(m.qualifiedName())).append(", ")
                    .append(JavaSource.literal(suiteName)).append(",\n")
                    .append(M).append(B).append(JavaSource.literal(m.inode().toString())).append(",\n")
                    .append(M).append(B).append(JavaSource.literal(m.write().toString())).append(");\n");
            for (Expectation e : m.expectations()) {
                expectation(e);
            }
            for (ScenarioModel.Relation r : m.relations()) {
                relation(r);
            }
            recorded(m);
        }
        if (m.sweep() != null || m.timing() != null) {
            StringBuilder f = src.member();
            JavaSource.javadoc(f, M, javadocText(m.title()));
            f.append(M).append("private static final String ").append(prefix).append("SCENARIO = ")
                    .append(JavaSource.literal(m.qualifiedName())).append(";\n");
        }
        if (m.sweep() != null) {
            sweepFactory(m.sweep().params());
            rulesFactory(m.sweep().rules());
            for (int i = 0; i < m.sweep().rules().size(); i++) {
                rule(m.sweep().rules().get(i), i, m.sweep().firstHit());
            }
        }
        if (m.race() != null) {
            race(m);
        }
        if (m.timing() != null) {
            TimingWriter.specFactory(src, prefix, m.timing().spec());
            for (TimingModel.Speedup s : m.timing().speedups()) {
                String name = unique(TimingWriter.testName(s));
                test(name, s.describe(), TimingWriter.check(src, prefix, s, name));
            }
        }
    }

    /** {@code <prefix>RACE}, the race as text, and one test per policy expectation, e.g. {@code R4_unsafe_ext4_base}. */
    private void race(ScenarioModel m) {
        RaceModel race = m.race();
        String check = src.type(RACE_CHECK);
        StringBuilder f = src.member();
        JavaSource.javadoc(f, M, "{@code " + m.qualifiedName() + "}: " + javadocText(m.title()));
        f.append(M).append("private static final ").append(check).append(' ').append(prefix).append("RACE = ")
                .append(check).append(".of(").append(JavaSource.literal(m.qualifiedName())).append(",\n")
                .append(M).append(B).append(JavaSource.literal(race.inode().toString())).append(",\n")
                .append(M).append(B).append(strings(race.opTexts(), ", ")).append(");\n");
        for (RaceModel.RaceExpectation e : race.expectations()) {
            String name = unique((e.safe() ? "safe_" : "unsafe_") + identifier(e.policy()));
            String call = e.safe()
                    ? prefix + "RACE.safe(" + JavaSource.literal(e.policy()) + ", RERUN + " + JavaSource.literal(name) + ")"
                    : prefix + "RACE.unsafe(" + JavaSource.literal(e.policy()) + ", " + JavaSource.literal(e.badRanges())
                            + ", RERUN + " + JavaSource.literal(name) + ")";
            test(name, e.policy() + ": " + e.describe(), call);
        }
    }

    /** Text safe inside a Javadoc comment: no comment end, no unicode escape, no HTML or tag starts. */
    static String javadocText(String s) {
        return s.replace("&", "&amp;").replace("*/", "*&#47;").replace("\\", "&#92;").replace("<", "&lt;")
                .replace(">", "&gt;").replace("@", "&#64;");
    }

    private void expectation(Expectation e) {
        String name = unique("expect_" + identifier(e.policy()));
        test(name, e.policy() + ": " + e.describe(), prefix + "SUITE.expect(" + JavaSource.literal(name) + ", "
                + JavaSource.literal(e.policy()) + ", " + JavaSource.literal(e.describe()) + ")");
    }

    private String expectationCode(Expectation e) {
        StringBuilder c = new StringBuilder(src.type(ENGINE + "scenario.Expectation")).append(".lock(")
                .append(JavaSource.literal(e.policy())).append(", ").append(src.type(ENGINE + "decision.Lock")).append('.')
                .append(e.lock().name()).append(')');
        if (e.drain() != null) {
            c.append(".withDrain(").append(e.drain()).append(')');
        }
        if (e.forceWait() != null) {
            c.append(".withForceWait(").append(e.forceWait()).append(')');
        }
        if (e.nowait() != null) {
            c.append(".withNowait(").append(src.type(ENGINE + "decision.NowaitOutcome")).append('.')
                    .append(e.nowait().name()).append(')');
        }
        if (e.result() != null) {
            c.append(".withResult(").append(src.type(ENGINE + "decision.Result")).append('.').append(e.result().name())
                    .append(')');
        }
        return c.toString();
    }

    private void relation(ScenarioModel.Relation r) {
        List<String> ids = r.policies();
        if (r.kind() == ScenarioModel.Relation.Kind.NO_STRICTER) {
            String name = unique("noStricter_" + identifier(ids.get(0)) + "_than_" + identifier(ids.get(1)));
            test(name, ids.get(0) + " is no stricter than " + ids.get(1), prefix + "SUITE.noStricter("
                    + JavaSource.literal(name) + ", " + JavaSource.literal(ids.get(0)) + ", " + JavaSource.literal(ids.get(1)) + ")");
            return;
        }
        List<String> parts = new ArrayList<>();
        for (String id : ids) {
            parts.add(identifier(id));
        }
        String name = unique("same_" + String.join("_", parts));
        test(name, String.join(", ", ids) + " decide the same",
                prefix + "SUITE.same(" + JavaSource.literal(name) + ", " + strings(ids, ", ") + ")");
    }

    private void recorded(ScenarioModel m) {
        List<String> outcomes = new ArrayList<>();
        for (Map.Entry<String, String> e : ScenarioCheck.decideAll(m.inode(), m.write()).entrySet()) {
            outcomes.add(e.getKey() + "=" + e.getValue());
        }
        String name = unique("everyPolicyAsRecorded");
        test(name, "every catalog policy decides as recorded when the suite was generated", prefix + "SUITE.recorded("
                + JavaSource.literal(name) + ",\n" + CONTINUATION + strings(outcomes, ",\n" + CONTINUATION) + ")");
    }

    private static String strings(List<String> values, String separator) {
        StringBuilder s = new StringBuilder();
        for (String v : values) {
            s.append(s.length() > 0 ? separator : "").append(JavaSource.literal(v));
        }
        return s.toString();
    }

    private void sweepFactory(ScenarioModel.SweepParams p) {
        String spec = src.type(ENGINE + "scenario.SweepSpec");
        StringBuilder s = src.member().append(M).append("private static ").append(spec).append(' ').append(prefix)
                .append("sweep() {\n").append(B).append("try {\n").append(B).append(M).append("return ").append(spec)
                .append(".builder()");
        for (String pattern : p.patterns()) {
            s.append(".pattern(").append(JavaSource.literal(pattern)).append(')');
        }
        s.append(".blockSize(").append(p.blockSize()).append(").boundaries(").append(p.boundaries()).append(").sizes(")
                .append(p.layoutEnd()).append(", ").append(p.midLastBlock()).append(").offsets(").append(p.offsets()[0])
                .append("L, ").append(p.offsets()[1]).append("L, ").append(p.offsets()[2]).append("L).lengths(")
                .append(p.lengths()[0]).append("L, ").append(p.lengths()[1]).append("L, ").append(p.lengths()[2])
                .append("L).nosec(").append(booleans(p.nosec())).append(").nowait(").append(booleans(p.nowait()))
                .append(").async(").append(booleans(p.async())).append(").direct(").append(p.direct())
                .append(").build(Long.MAX_VALUE);\n")
                .append(B).append("} catch (").append(src.type(ENGINE + "model.InvalidInputException")).append(" e) {\n")
                .append(B).append(M).append("throw new AssertionError(e.getMessage(), e);\n")
                .append(B).append("}\n").append(M).append("}\n");
    }

    private static String booleans(boolean[] values) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            s.append(i > 0 ? ", " : "").append(values[i]);
        }
        return s.toString();
    }

    private void rulesFactory(List<RuleSpec> rules) {
        String list = src.type("java.util.List");
        String ruleSpec = src.type(ENGINE + "scenario.RuleSpec");
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < rules.size(); i++) {
            RuleSpec r = rules.get(i);
            s.append(i > 0 ? ",\n" : "\n").append(CONTINUATION).append(M).append(ruleSpec).append(".any(")
                    .append(JavaSource.literal(r.name())).append(", ").append(expectationCode(r.expect())).append(')');
            for (Column c : Column.values()) {
                int mask = r.masks()[c.ordinal()];
                if (mask == c.fullMask()) {
                    continue;
                }
                List<String> values = new ArrayList<>();
                for (int v = 0; v < c.size(); v++) {
                    if ((mask & (1 << v)) != 0) {
                        values.add(Integer.toString(v));
                    }
                }
                s.append(".where(").append(src.type(ENGINE + "table.Column")).append('.').append(c.name()).append(", ")
                        .append(String.join(", ", values)).append(')');
            }
        }
        src.member().append(M).append("private static ").append(list).append('<').append(ruleSpec).append("> ")
                .append(prefix).append("rules() {\n").append(B).append("return ").append(list).append(".of(").append(s)
                .append(");\n").append(M).append("}\n");
    }

    private void rule(RuleSpec r, int index, boolean firstHit) {
        String name = unique("rule_" + identifier(r.name()) + "_" + identifier(r.policy()));
        test(name, "rule \"" + r.name() + "\" holds for " + r.policy() + " over the sweep",
                src.type(ENGINE + "scenario.SweepCheck") + ".rule(" + prefix + "SCENARIO, " + prefix + "sweep(), " + prefix
                        + "rules(), " + index + ", " + firstHit + ", RERUN + " + JavaSource.literal(name) + ")");
    }

    /** A test method: {@code @Test}, its display name (the class's name first), one statement. */
    private void test(String name, String displayName, String statement) {
        src.member().append(M).append('@').append(src.type("org.junit.jupiter.api.Test")).append('\n')
                .append(M).append('@').append(src.type("org.junit.jupiter.api.DisplayName")).append('(')
                .append(JavaSource.literal(prefix.substring(0, prefix.length() - 1) + ": " + displayName)).append(")\n")
                .append(M).append("void ").append(name).append("() {\n")
                .append(B).append(statement).append(";\n")
                .append(M).append("}\n");
    }

    /** The scenario's prefix and {@code name}, made unique in the suite with {@code _2}, {@code _3}, ... */
    private String unique(String local) {
        String name = prefix + local;
        String n = name;
        for (int k = 2; !methodNames.add(n); k++) {
            n = name + "_" + k;
        }
        return n;
    }

    /** {@code ext4-patch2} → {@code ext4_patch2}; runs of anything not an ASCII letter or digit become one '_'. */
    static String identifier(String s) {
        StringBuilder id = new StringBuilder();
        for (char c : s.toLowerCase(Locale.ROOT).toCharArray()) {
            if (Character.isLetterOrDigit(c) && c < 128) {
                id.append(c);
            } else if (id.length() > 0 && id.charAt(id.length() - 1) != '_') {
                id.append('_');
            }
        }
        if (id.length() > 0 && id.charAt(id.length() - 1) == '_') {
            id.setLength(id.length() - 1);
        }
        return id.length() == 0 || Character.isDigit(id.charAt(0)) ? "x" + id : id.toString();
    }
}

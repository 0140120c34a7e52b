package org.locktable.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.lang.model.element.Modifier;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;

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
 * ({@code E01Aligned_expect_ext4_base}) — as a {@link JavaFile}. Pure function of the models: the same scenarios
 * give the same source, byte for byte.
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
    private static final ClassName TEST = ClassName.get("org.junit.jupiter.api", "Test");
    private static final ClassName DISPLAY_NAME = ClassName.get("org.junit.jupiter.api", "DisplayName");
    private static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");
    private static final ClassName INVALID_INPUT = ClassName.get(ENGINE + "model", "InvalidInputException");
    private static final ClassName EXPECTATION = ClassName.get(ENGINE + "scenario", "Expectation");
    private static final ClassName SCENARIO_SUITE = ClassName.get(ENGINE + "scenario", "ScenarioSuite");
    private static final ClassName SWEEP_SPEC = ClassName.get(ENGINE + "scenario", "SweepSpec");
    private static final ClassName SWEEP_CHECK = ClassName.get(ENGINE + "scenario", "SweepCheck");
    private static final ClassName RULE_SPEC = ClassName.get(ENGINE + "scenario", "RuleSpec");
    private static final ClassName COLUMN = ClassName.get(ENGINE + "table", "Column");
    private static final ClassName LOCK = ClassName.get(ENGINE + "decision", "Lock");
    private static final ClassName NOWAIT = ClassName.get(ENGINE + "decision", "NowaitOutcome");
    private static final ClassName RESULT = ClassName.get(ENGINE + "decision", "Result");
    private static final ClassName RACE_CHECK = ClassName.get("org.locktable.concurrency", "RaceCheck");
    private static final ClassName LIST = ClassName.get("java.util", "List");
    private static final Modifier[] CONSTANT = {Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL};

    private final Set<String> methodNames = new HashSet<>();
    private final String suiteName;
    private final TypeSpec.Builder suite;
    /** The scenario being written: its flat name and '_', the prefix of its members. */
    private String prefix = "";

    private SuiteWriter(String suiteName) {
        this.suiteName = suiteName;
        this.suite = TypeSpec.classBuilder(suiteName).addModifiers(Modifier.FINAL);
    }

    /** The suite's simple name for the {@code batch}-th set of scenarios of a package (1 for the first round's). */
    static String suiteName(int batch) {
        return batch == 1 ? PACKAGE_SUITE : "Scenarios" + batch + ScenarioModel.SUITE_SUFFIX;
    }

    /** One package's suite; {@code scenarios} all of that package, in the order their tests appear. */
    static JavaFile write(String packageName, String suiteName, List<ScenarioModel> scenarios) {
        return new SuiteWriter(suiteName).suite(packageName, scenarios);
    }

    private JavaFile suite(String packageName, List<ScenarioModel> scenarios) {
        String where = packageName.isEmpty() ? "the unnamed package" : packageName;
        suite.addAnnotation(AnnotationSpec.builder(GENERATED).addMember("value", "$S", LocktableProcessor.class.getName())
                        .addMember("comments", "$S", "from the scenarios of " + where + "; do not edit").build())
                .addJavadoc("The locktable suite of the scenario classes of $L: each test is named by its class and its "
                        + "expectation.\n", packageName.isEmpty() ? "the unnamed package" : "{@code " + packageName + "}");
        if (scenarios.stream().anyMatch(m -> m.sweep() != null || m.timing() != null || m.race() != null)) {
            suite.addField(FieldSpec.builder(String.class, "RERUN", CONSTANT)
                    .initializer("$S", "mvn test -Dtest=" + suiteName + "#").build());
        }
        for (ScenarioModel m : scenarios) {
            scenario(m);
        }
        return JavaFile.builder(packageName, suite.build()).skipJavaLangImports(true).indent("    ").build();
    }

    private void scenario(ScenarioModel m) {
        prefix = m.simpleName() + "_";
        if (m.inode() != null) {
            suite.addField(FieldSpec.builder(SCENARIO_SUITE, prefix + "SUITE", CONSTANT)
                    .addJavadoc("{@code $L}: $L\n", m.qualifiedName(), javadocText(m.title()))
                    .initializer("$T.of($S, $S,$>$>\n$S,\n$S)$<$<", SCENARIO_SUITE, m.qualifiedName(), suiteName,
                            m.inode().toString(), m.write().toString()).build());
            for (Expectation e : m.expectations()) {
                expectation(e);
            }
            for (ScenarioModel.Relation r : m.relations()) {
                relation(r);
            }
            recorded(m);
        }
        if (m.sweep() != null || m.timing() != null) {
            suite.addField(FieldSpec.builder(String.class, prefix + "SCENARIO", CONSTANT)
                    .addJavadoc("$L\n", javadocText(m.title()))
                    .initializer("$S", m.qualifiedName()).build());
        }
        if (m.sweep() != null) {
            suite.addMethod(sweepFactory(m.sweep().params()));
            suite.addMethod(rulesFactory(m.sweep().rules()));
            for (int i = 0; i < m.sweep().rules().size(); i++) {
                rule(m.sweep().rules().get(i), i, m.sweep().firstHit());
            }
        }
        if (m.race() != null) {
            race(m);
        }
        if (m.timing() != null) {
            suite.addMethod(TimingWriter.specFactory(prefix, m.timing().spec()));
            for (TimingModel.Speedup s : m.timing().speedups()) {
                String name = unique(TimingWriter.testName(s));
                test(name, s.describe(), TimingWriter.check(prefix, s, name));
            }
        }
    }

    /** {@code <prefix>RACE}, the race as text, and one test per policy expectation, e.g. {@code R4_unsafe_ext4_base}. */
    private void race(ScenarioModel m) {
        RaceModel race = m.race();
        suite.addField(FieldSpec.builder(RACE_CHECK, prefix + "RACE", CONSTANT)
                .addJavadoc("{@code $L}: $L\n", m.qualifiedName(), javadocText(m.title()))
                .initializer("$T.of($S,$>$>\n$S,\n$L)$<$<", RACE_CHECK, m.qualifiedName(), race.inode().toString(),
                        strings(race.opTexts(), ", ")).build());
        for (RaceModel.RaceExpectation e : race.expectations()) {
            String name = unique((e.safe() ? "safe_" : "unsafe_") + identifier(e.policy()));
            CodeBlock call = e.safe()
                    ? CodeBlock.of("$LRACE.safe($S, RERUN + $S)", prefix, e.policy(), name)
                    : CodeBlock.of("$LRACE.unsafe($S, $S, RERUN + $S)", prefix, e.policy(), e.badRanges(), name);
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
        test(name, e.policy() + ": " + e.describe(),
                CodeBlock.of("$LSUITE.expect($S, $S, $S)", prefix, name, e.policy(), e.describe()));
    }

    private static CodeBlock expectationCode(Expectation e) {
        CodeBlock.Builder c = CodeBlock.builder().add("$T.lock($S, $T.$L)", EXPECTATION, e.policy(), LOCK, e.lock().name());
        if (e.drain() != null) {
            c.add(".withDrain($L)", e.drain());
        }
        if (e.forceWait() != null) {
            c.add(".withForceWait($L)", e.forceWait());
        }
        if (e.nowait() != null) {
            c.add(".withNowait($T.$L)", NOWAIT, e.nowait().name());
        }
        if (e.result() != null) {
            c.add(".withResult($T.$L)", RESULT, e.result().name());
        }
        return c.build();
    }

    private void relation(ScenarioModel.Relation r) {
        List<String> ids = r.policies();
        if (r.kind() == ScenarioModel.Relation.Kind.NO_STRICTER) {
            String name = unique("noStricter_" + identifier(ids.get(0)) + "_than_" + identifier(ids.get(1)));
            test(name, ids.get(0) + " is no stricter than " + ids.get(1),
                    CodeBlock.of("$LSUITE.noStricter($S, $S, $S)", prefix, name, ids.get(0), ids.get(1)));
            return;
        }
        List<String> parts = new ArrayList<>();
        for (String id : ids) {
            parts.add(identifier(id));
        }
        String name = unique("same_" + String.join("_", parts));
        test(name, String.join(", ", ids) + " decide the same",
                CodeBlock.of("$LSUITE.same($S, $L)", prefix, name, strings(ids, ", ")));
    }

    private void recorded(ScenarioModel m) {
        List<String> outcomes = new ArrayList<>();
        for (Map.Entry<String, String> e : ScenarioCheck.decideAll(m.inode(), m.write()).entrySet()) {
            outcomes.add(e.getKey() + "=" + e.getValue());
        }
        String name = unique("everyPolicyAsRecorded");
        test(name, "every catalog policy decides as recorded when the suite was generated",
                CodeBlock.of("$LSUITE.recorded($S,\n$L)", prefix, name, strings(outcomes, ",\n")));
    }

    private static CodeBlock strings(List<String> values, String separator) {
        return values.stream().map(v -> CodeBlock.of("$S", v)).collect(CodeBlock.joining(separator));
    }

    private MethodSpec sweepFactory(ScenarioModel.SweepParams p) {
        CodeBlock.Builder patterns = CodeBlock.builder();
        for (String pattern : p.patterns()) {
            patterns.add(".pattern($S)", pattern);
        }
        return MethodSpec.methodBuilder(prefix + "sweep").addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(SWEEP_SPEC)
                .beginControlFlow("try")
                .addStatement("return $T.builder()$L.blockSize($L).boundaries($L).sizes($L, $L).offsets($LL, $LL, $LL)"
                        + ".lengths($LL, $LL, $LL).nosec($L).nowait($L).async($L).direct($L).build($T.MAX_VALUE)",
                        SWEEP_SPEC, patterns.build(), p.blockSize(), p.boundaries(), p.layoutEnd(), p.midLastBlock(),
                        p.offsets()[0], p.offsets()[1], p.offsets()[2], p.lengths()[0], p.lengths()[1], p.lengths()[2],
                        booleans(p.nosec()), booleans(p.nowait()), booleans(p.async()), p.direct(), Long.class)
                .nextControlFlow("catch ($T e)", INVALID_INPUT)
                .addStatement("throw new $T(e.getMessage(), e)", AssertionError.class)
                .endControlFlow().build();
    }

    private static String booleans(boolean[] values) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            s.append(i > 0 ? ", " : "").append(values[i]);
        }
        return s.toString();
    }

    private MethodSpec rulesFactory(List<RuleSpec> rules) {
        CodeBlock.Builder list = CodeBlock.builder().add("return $T.of(", LIST).indent();
        for (int i = 0; i < rules.size(); i++) {
            RuleSpec r = rules.get(i);
            list.add(i > 0 ? ",\n" : "\n").add("$T.any($S, $L)", RULE_SPEC, r.name(), expectationCode(r.expect()));
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
                list.add(".where($T.$L, $L)", COLUMN, c.name(), String.join(", ", values));
            }
        }
        list.unindent().add(")");
        return MethodSpec.methodBuilder(prefix + "rules").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(LIST, RULE_SPEC))
                .addStatement(list.build()).build();
    }

    private void rule(RuleSpec r, int index, boolean firstHit) {
        String name = unique("rule_" + identifier(r.name()) + "_" + identifier(r.policy()));
        test(name, "rule \"" + r.name() + "\" holds for " + r.policy() + " over the sweep",
                CodeBlock.of("$T.rule($LSCENARIO, $Lsweep(), $Lrules(), $L, $L, RERUN + $S)", SWEEP_CHECK, prefix, prefix,
                        prefix, index, firstHit, name));
    }

    /** A test method: {@code @Test}, its display name (the class's name first), one statement. */
    private void test(String name, String displayName, CodeBlock statement) {
        suite.addMethod(MethodSpec.methodBuilder(name).addAnnotation(TEST)
                .addAnnotation(AnnotationSpec.builder(DISPLAY_NAME).addMember("value", "$S",
                        prefix.substring(0, prefix.length() - 1) + ": " + displayName).build())
                .addStatement(statement)
                .build());
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

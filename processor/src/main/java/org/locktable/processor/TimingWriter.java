package org.locktable.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.lang.model.element.Modifier;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;

import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.dsl.reader.TimingModel;
import org.locktable.engine.text.MarkdownTable;
import org.locktable.timing.check.Published;
import org.locktable.timing.check.Band;
import org.locktable.timing.check.Bands;
import org.locktable.timing.check.SpeedupCheck;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.check.TimingTable;

/**
 * Generate, for {@code @Workload} and {@code @ExpectSpeedup}: the suite's {@code timing()} factory and one test
 * per expectation (calling {@link SpeedupCheck#expect}), the page's timing section (the table, the expectations
 * with ✓/✗, the chart's link) and the chart. Pure functions of the model and the simulated table.
 */
final class TimingWriter {
    private static final ClassName TIMING_SPEC = ClassName.get(TimingSpec.class);
    private static final ClassName SPEEDUP_CHECK = ClassName.get(SpeedupCheck.class);
    private static final ClassName LIST = ClassName.get("java.util", "List");

    private TimingWriter() {
    }

    // ------------------------------------------------------------------------------------------------ suite

    /** {@code private static TimingSpec <prefix>timing()}: the spec the tests simulate. */
    static MethodSpec specFactory(String prefix, TimingSpec s) {
        CodeBlock jobs = s.jobs().stream().map(n -> CodeBlock.of("$L", n)).collect(CodeBlock.joining(", "));
        CodeBlock policies = s.policies().stream().map(p -> CodeBlock.of("$S", p)).collect(CodeBlock.joining(", "));
        return MethodSpec.methodBuilder(prefix + "timing").addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(TIMING_SPEC)
                .addStatement("return $T.of($S, $S, $S, $T.of($L), $T.of($L), $LL, $L)", TIMING_SPEC, s.device(),
                        s.workload(), s.fio(), LIST, jobs, LIST, policies, s.seed(), s.iosPerJob())
                .build();
    }

    /** {@code speedup_ext4_patch1_over_ext4_base_at_8_jobs}. */
    static String testName(TimingModel.Speedup s) {
        return "speedup_" + SuiteWriter.identifier(s.policy()) + "_over_" + SuiteWriter.identifier(s.over()) + "_at_"
                + s.jobs() + "_jobs";
    }

    /** The test's one statement. */
    static CodeBlock check(String prefix, TimingModel.Speedup s, String testName) {
        CodeBlock max = Double.isInfinite(s.max()) ? CodeBlock.of("$T.POSITIVE_INFINITY", Double.class)
                : CodeBlock.of("$L", literal(s.max()));
        return CodeBlock.of("$T.expect($LSCENARIO, $Ltiming(), $S, $S, $L, $L, $L, RERUN + $S)", SPEEDUP_CHECK, prefix,
                prefix, s.policy(), s.over(), s.jobs(), literal(s.min()), max, testName);
    }

    private static String literal(double v) {
        return Double.toString(v);
    }

    // ------------------------------------------------------------------------------------------------ page

    /** The chart's path under the resource root: beside the page, {@code <Class>.timing.svg}. */
    static String svgPath(ScenarioModel m) {
        String page = MarkdownWriter.path(m);
        return page.substring(0, page.length() - ".md".length()) + ".timing.svg";
    }

    /** The chart, or null when the table was not simulated. */
    static String svg(ScenarioModel m, TimingTable table) {
        if (table == null) {
            return null;
        }
        return TimingChart.svg(m.timing().spec().workloadLabel() + " on " + m.timing().spec().device(), table,
                published(m.timing().spec()), "lt" + SuiteWriter.identifier(m.simpleName()) + "_");
    }

    /** Published IOPS per policy and job count, for the chart's markers: the seed's cells, where it has any. */
    static Map<String, Map<Integer, Double>> published(TimingSpec spec) {
        return Published.iops(spec);
    }

    /** The page's {@code ## Timing} section. */
    static void section(StringBuilder md, ScenarioModel m, TimingTable table) {
        TimingModel t = m.timing();
        TimingSpec s = t.spec();
        md.append("## Timing\n\n");
        md.append("Simulated by the timing model: `").append(s.workloadLabel().replace("`", "'")).append("` on `")
                .append(s.device()).append("`, ").append(s.iosPerJob() == 0 ? "at full size"
                        : "about " + s.iosPerJob() + " I/Os per job (fixed work cut down, a time-based run made fixed "
                                + "work; steady-state IOPS change only by end effects)")
                .append(", seed ").append(s.seed()).append(".\n\n");
        md.append("- device: ").append(t.deviceDescription()).append('\n');
        md.append("- workload: ").append(t.workloadDescription()).append("\n\n");
        if (table == null) {
            long ios = s.estimatedIos();
            md.append("Not simulated while compiling: ").append(ios < 0
                    ? "a time-based workload at full size (iosPerJob = 0) has no fixed number of I/Os"
                    : "about " + String.format(Locale.ROOT, "%,d", ios) + " simulated I/Os, more than the "
                            + String.format(Locale.ROOT, "%,d", TimingCheck.COMPILE_TIME_BUDGET) + " the processor runs")
                    .append(". The generated suite simulates it.\n\n");
        } else {
            tableMarkdown(md, table);
            md.append("\nIOPS counts all I/Os (fio's rule: total I/Os / the slowest job's runtime).\n\n");
        }
        if (!t.speedups().isEmpty()) {
            MarkdownTable expectations = new MarkdownTable().left("expectation", "simulated", "✓/✗");
            for (TimingModel.Speedup x : t.speedups()) {
                String found = "not simulated";
                String verdict = "";
                if (table != null) {
                    double v = table.speedup(x.policy(), x.over(), x.jobs());
                    Band band = TimingCheck.band(s, table, x);
                    found = SpeedupCheck.bandText(band);
                    String problem = SpeedupCheck.problem(v, x.min(), x.max());
                    SpeedupCheck.Verdict verdictOfBand = SpeedupCheck.verdict(band, x.min(), x.max());
                    verdict = verdictOfBand == SpeedupCheck.Verdict.PASS ? "✓"
                            : verdictOfBand == SpeedupCheck.Verdict.FAIL ? "✗ " + problem + " over the whole band"
                            : "⚠ " + (problem == null ? "holds" : "fails") + " at the committed values, not over the "
                                    + "whole band";
                }
                expectations.row(x.describe(), found, verdict);
            }
            md.append(expectations.render()).append('\n');
            if (table != null) {
                md.append("Simulated: the speedup at the profile's committed values and its band over the profile's "
                        + "parameter ranges (`parameter-ranges.tsv`: each range alone, the dominant parameter the one "
                        + "that moves it most, and " + Bands.SAMPLES + " joint draws, seed ").append(s.seed())
                        .append("). ✓ the claim holds over the whole band, ✗ it fails over all of it, ⚠ over part "
                                + "of it (a warning).\n\n");
            }
        }
        if (table != null) {
            String svg = svgPath(m);
            md.append("![IOPS against jobs, one line per policy](").append(svg.substring(svg.lastIndexOf('/') + 1))
                    .append(")\n\n");
            List<String> sources = Published.sources(s);
            if (!sources.isEmpty()) {
                md.append("Open squares: the published cells, ").append(String.join("; ", sources)).append(".\n\n");
            }
        }
    }

    private static void tableMarkdown(StringBuilder md, TimingTable t) {
        List<String> header = new ArrayList<>();
        header.add("jobs");
        header.addAll(t.policies());
        List<String> others = t.policies().subList(1, t.policies().size());
        for (String p : others) {
            header.add(others.size() == 1 ? "speedup" : "speedup " + p);
        }
        MarkdownTable table = new MarkdownTable();
        header.forEach(table::right);
        for (int n : t.jobs()) {
            List<String> cells = new ArrayList<>();
            cells.add(Integer.toString(n));
            for (String p : t.policies()) {
                cells.add(TimingTable.iopsText(t.iops(p, n)));
            }
            for (String p : others) {
                cells.add(TimingTable.speedupText(t.speedup(p, t.policies().get(0), n)));
            }
            table.row(cells);
        }
        md.append(table.render());
    }
}

package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ScenarioPages;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestExecutionResult.Status;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;

/**
 * What {@code @Workload} and {@code @ExpectSpeedup} generate: one test per expectation that runs the simulator
 * (and fails with the simulated table), the page's timing section and its SVG chart, all byte-stable.
 */
class TimingGenerationTest {
    private static final Src TIMING_ONLY = TimingDiagnosticsTest.timing("Seed000Timing",
            "@Workload(device = \"seed000-vm\", workload = \"seed000-test1\", jobs = {1, 2, 8}, iosPerJob = 128)",
            "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, atLeast = 1.3)",
            "@ExpectSpeedup(policy = \"ext4-patch2\", over = \"ext4-base\", jobs = 1, within = {0.9, 1.2})");

    /** A single write and a timing table on one class, with inline fio options. */
    private static final Src COMBINED = Src.scenario("Combined",
            "@Scenario(title = \"Aligned 8 KiB writes across written and unwritten blocks\")",
            "@ExtentLayout(blocks = \"W U U W\")",
            "@Write(offset = 0, len = 8192, async = true)",
            "@ExpectLock(policy = \"ext4-patch1\", value = SHARED)",
            "@Workload(device = \"seed000-vm\", fio = \"rw=randwrite bs=8k size=8m ioengine=libaio iodepth=2 direct=1 "
                    + "filename=one.file\", jobs = {1, 4}, iosPerJob = 64)",
            "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 4, atLeast = 1.0)",
            "class Combined {}");

    private static Compilation compile(List<String> options, Src... sources) {
        Compilation c = Compile.withProcessor(options, sources);
        assertThat(c).succeeded();
        return c;
    }

    private static Compilation recompile(Compilation c) {
        List<JavaFileObject> suites = new ArrayList<>();
        for (JavaFileObject f : c.generatedSourceFiles()) {
            String path = Compile.path(f);
            String name = path.substring("SOURCE_OUTPUT/".length(), path.length() - ".java".length()).replace('/', '.');
            suites.add(JavaFileObjects.forSourceString(name, Compile.text(f)));
        }
        Compilation strict = Compiler.javac().withOptions("-Werror", "-Xlint:all", "-proc:none").compile(suites);
        assertThat(strict).succeededWithoutWarnings();
        return strict;
    }

    @Test
    void oneTestPerSpeedupAndTheyPass() throws Exception {
        Compilation c = compile(List.of("-Alocktable.mismatch=error"), TIMING_ONLY, COMBINED);
        assertThat(c).succeededWithoutWarnings();
        Compilation strict = recompile(c);
        Map<String, TestExecutionResult> timing = SuiteRunner.runScenario(strict, "test.Seed000Timing");
        assertThat(timing.keySet()).containsExactly("speedup_ext4_patch1_over_ext4_base_at_8_jobs",
                "speedup_ext4_patch2_over_ext4_base_at_1_jobs");
        Map<String, TestExecutionResult> combined = SuiteRunner.runScenario(strict, "test.Combined");
        assertThat(combined.keySet()).containsExactly("expect_ext4_patch1", "everyPolicyAsRecorded",
                "speedup_ext4_patch1_over_ext4_base_at_4_jobs");
        for (Map<String, TestExecutionResult> results : List.of(timing, combined)) {
            for (Map.Entry<String, TestExecutionResult> e : results.entrySet()) {
                assertWithMessage("%s: %s", e.getKey(), e.getValue().getThrowable().map(Throwable::getMessage).orElse(""))
                        .that(e.getValue().getStatus()).isEqualTo(Status.SUCCESSFUL);
            }
        }
        String suite = Compile.text(c.generatedSourceFile("test.Scenarios_LocktableTest").orElseThrow());
        assertThat(suite).contains("return TimingSpec.of(\"seed000-vm\", \"seed000-test1\", \"\", List.of(1, 2, 8), "
                + "List.of(\"ext4-base\", \"ext4-patch1\", \"ext4-patch2\"), 1L, 128);");
        assertThat(suite).contains("@DisplayName(\"Seed000Timing: ext4-patch1 over ext4-base at 8 jobs: at least 1.3x\")");
        assertThat(suite).contains("SpeedupCheck.expect(Seed000Timing_SCENARIO, Seed000Timing_timing(), \"ext4-patch1\", \"ext4-base\", 8, 1.3, "
                + "Double.POSITIVE_INFINITY, RERUN + \"Seed000Timing_speedup_ext4_patch1_over_ext4_base_at_8_jobs\");");
        assertThat(suite).contains("SpeedupCheck.expect(Seed000Timing_SCENARIO, Seed000Timing_timing(), \"ext4-patch2\", \"ext4-base\", 1, 0.9, 1.2, "
                + "RERUN + \"Seed000Timing_speedup_ext4_patch2_over_ext4_base_at_1_jobs\");");
    }

    @Test
    void aWrongSpeedupLetThroughFailsAtRunTimeWithTheSimulatedTable() throws Exception {
        Src wrong = TimingDiagnosticsTest.timing("TooHopeful",
                "@Workload(device = \"seed000-vm\", workload = \"seed000-test1\", jobs = {1, 8}, iosPerJob = 128)",
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, within = {5, 6})");
        Compilation c = compile(List.of("-Alocktable.mismatch=off"), wrong);
        Map<String, TestExecutionResult> r = SuiteRunner.runScenario(recompile(c), "test.TooHopeful");
        TestExecutionResult result = r.get("speedup_ext4_patch1_over_ext4_base_at_8_jobs");
        assertThat(result.getStatus()).isEqualTo(Status.FAILED);
        Throwable t = result.getThrowable().orElseThrow();
        assertThat(t).isInstanceOf(AssertionError.class);
        assertThat(t.getMessage()).startsWith("test.TooHopeful: ext4-patch1 over ext4-base at 8 jobs on seed000-vm "
                + "(seed000-test1): expected within 5x..6x, simulated ");
        assertThat(t.getMessage()).contains("(below 5 over the whole band)\nsimulated table:\n  JOBS    ext4-base    ext4-patch1    speedup\n");
        assertThat(t.getMessage()).endsWith("rerun: mvn test -Dtest=Scenarios_LocktableTest#TooHopeful_"
                + "speedup_ext4_patch1_over_ext4_base_at_8_jobs");
    }

    @Test
    void thePageHasTheTableTheExpectationsAndTheChart() {
        Compilation c = compile(List.of(), TIMING_ONLY);
        String page = Compile.page(c, "locktable/scenarios/test/Seed000Timing.md").orElseThrow();
        assertThat(page).contains("## Timing\n\nSimulated by the timing model: `seed000-test1` on `seed000-vm`, about "
                + "128 I/Os per job");
        assertThat(page).contains("- device: ");
        assertThat(page).contains("- workload: seed 000 Test 1 (base, +patch 1, +patch 1+2): aligned 8 KiB");
        assertThat(page).contains("| jobs | ext4-base | ext4-patch1 | ext4-patch2 | speedup ext4-patch1 | "
                + "speedup ext4-patch2 |\n|---:|---:|---:|---:|---:|---:|\n| 1 | ");
        assertThat(page).containsMatch("\\| ext4-patch1 over ext4-base at 8 jobs: at least 1.3x \\| [0-9.]+x \\(band [0-9.]+x\\.\\.[0-9.]+x, "
                + "dominant [a-zA-Z.]+\\) \\| ✓ \\|");
        assertThat(page).contains("![IOPS against jobs, one line per policy](Seed000Timing.timing.svg)\n");

        String svg = Compile.page(c, "locktable/scenarios/test/Seed000Timing.timing.svg").orElseThrow();
        assertThat(svg).startsWith("<?xml version=\"1.0\"?>\n<!DOCTYPE svg ");
        assertThat(svg).contains(">jobs (log scale)</text>");
        assertThat(svg).contains("ext4-patch1 (simulated)");
        assertThat(svg).contains("seed000-test1 on seed000-vm");
        assertThat(svg).contains("ltseed000timing_");
        // seed 000 publishes Test 1 on seed000-vm: its cells are overlaid
        assertThat(svg).contains("ext4-base (published)");
        assertThat(svg).contains("ext4-patch2 (published)");
        assertThat(page).contains("Open squares: the published cells, seed 000 Test 1 (aligned 8K, W U U W): base = "
                + "ext4-base, +patch 1 = ext4-patch1, +patch 1+2 = ext4-patch2.\n");

        String index = Compile.page(c, "locktable/scenarios/index.md").orElseThrow();
        assertThat(index).contains("| [test.Seed000Timing](test/Seed000Timing.md) | t |  |  | timing | timing | timing |  |");
    }

    @Test
    void aLargeTableIsLeftToTheSuite() {
        Src large = TimingDiagnosticsTest.timing("Large",
                "@Workload(device = \"seed004-vm\", workload = \"seed004-4k\", jobs = {1}, iosPerJob = 0)",
                "@ExpectSpeedup(policy = \"xfs-dio\", over = \"xfs-dio-v5.11\", jobs = 1, within = {0.9, 1.1})");
        Compilation c = compile(List.of("-Alocktable.mismatch=error"), large);
        assertThat(c).succeededWithoutWarnings();
        String page = Compile.page(c, "locktable/scenarios/test/Large.md").orElseThrow();
        assertThat(page).contains("Not simulated while compiling: a time-based workload at full size (iosPerJob = 0) "
                + "has no fixed number of I/Os. The generated suite simulates it.");
        assertThat(page).contains("| xfs-dio over xfs-dio-v5.11 at 1 job: within 0.9x..1.1x | not simulated |  |");
        assertThat(Compile.page(c, "locktable/scenarios/test/Large.timing.svg")).isEmpty();
        assertThat(c.generatedSourceFile("test.Scenarios_LocktableTest")).isPresent();
    }

    @Test
    void twiceTheSameInputsGiveIdenticalBytesSvgIncluded() {
        Compilation one = compile(List.of(), TIMING_ONLY, COMBINED);
        Compilation two = compile(List.of(), COMBINED, TIMING_ONLY);
        assertThat(Compile.pages(one).keySet()).containsAtLeast("locktable/scenarios/test/Seed000Timing.timing.svg",
                "locktable/scenarios/test/Combined.timing.svg", "locktable/scenarios/test/Seed000Timing.md");
        TreeMap<String, byte[]> first = Compile.generatedText(one);
        TreeMap<String, byte[]> second = Compile.generatedText(two);
        assertThat(first.keySet()).containsAtLeast("CLASS_OUTPUT/" + ScenarioPages.RESOURCE,
                "SOURCE_OUTPUT/test/Scenarios_LocktableTest.java");
        assertThat(second.keySet()).containsExactlyElementsIn(first.keySet()).inOrder();
        for (Map.Entry<String, byte[]> e : first.entrySet()) {
            assertWithMessage("%s differs:\n%s", e.getKey(), Goldens.firstDifference(
                    new String(e.getValue(), StandardCharsets.UTF_8),
                    new String(second.get(e.getKey()), StandardCharsets.UTF_8)))
                    .that(second.get(e.getKey())).isEqualTo(e.getValue());
        }
    }
}

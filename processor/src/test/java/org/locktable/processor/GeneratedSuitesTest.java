package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.JavaFileObject;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestExecutionResult.Status;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;

/**
 * The generated suites are clean Java (they compile again, alone, with -Werror -Xlint:all) and they run: a correct
 * scenario passes every test; a wrong expectation that the compile let through (-Alocktable.mismatch=off) fails at
 * run time with the whole report.
 */
class GeneratedSuitesTest {

    /** The generated sources of {@code c}, compiled again without the processor and with every lint as an error. */
    private static Compilation recompileStrictly(Compilation c) {
        List<JavaFileObject> suites = new ArrayList<>();
        for (JavaFileObject f : c.generatedSourceFiles()) {
            String path = Compile.path(f);
            String name = path.substring("SOURCE_OUTPUT/".length(), path.length() - ".java".length()).replace('/', '.');
            suites.add(JavaFileObjects.forSourceString(name, Compile.text(f)));
        }
        assertWithMessage("generated sources").that(suites).isNotEmpty();
        Compilation strict = Compiler.javac().withOptions("-Werror", "-Xlint:all", "-proc:none").compile(suites);
        assertThat(strict).succeededWithoutWarnings();
        return strict;
    }

    private static void assertAllPass(Map<String, TestExecutionResult> results, String... tests) {
        assertThat(results.keySet()).containsExactlyElementsIn(List.of(tests));
        for (Map.Entry<String, TestExecutionResult> e : results.entrySet()) {
            assertWithMessage("%s: %s", e.getKey(), e.getValue().getThrowable().map(Throwable::getMessage).orElse(""))
                    .that(e.getValue().getStatus()).isEqualTo(Status.SUCCESSFUL);
        }
    }

    @Test
    void singleWriteSuiteCompilesStrictlyAndPasses() throws Exception {
        Compilation strict = recompileStrictly(GoldenFilesTest.compileGood(GoldenFilesTest.SINGLE));
        assertAllPass(SuiteRunner.runScenario(strict, "golden.single.UnalignedWrittenEdges"),
                "expect_ext4_base", "expect_ext4_patch1", "expect_ext4_patch2", "noStricter_ext4_patch2_than_ext4_base",
                "same_ext4_base_ext4_patch1", "everyPolicyAsRecorded");
    }

    @Test
    void raceSuiteCompilesStrictlyAndPasses() throws Exception {
        Compilation strict = recompileStrictly(GoldenFilesTest.compileGood(GoldenFilesTest.RACE));
        assertAllPass(SuiteRunner.runScenario(strict, "golden.race.R4EofTailZero"),
                "unsafe_ext4_base", "unsafe_ext4_patch2", "safe_xfs_dio", "safe_xfs_dio_v5_11");
    }

    @Test
    void nowaitSuiteCompilesStrictlyAndPasses() throws Exception {
        Compilation strict = recompileStrictly(GoldenFilesTest.compileGood(GoldenFilesTest.NOWAIT));
        assertAllPass(SuiteRunner.runScenario(strict, "golden.nowait.NowaitIntoHole"),
                "expect_ext4_base", "expect_ext4_patch1", "expect_xfs_dio", "noStricter_ext4_patch1_than_ext4_base",
                "everyPolicyAsRecorded");
    }

    @Test
    void sweepSuiteCompilesStrictlyAndPasses() throws Exception {
        Compilation strict = recompileStrictly(GoldenFilesTest.compileGood(GoldenFilesTest.SWEEP));
        assertAllPass(SuiteRunner.runScenario(strict, "golden.sweep.XfsDioUnalignedFastPath"),
                "rule_aligned_xfs_dio", "rule_unaligned_in_one_written_extent_xfs_dio", "rule_otherwise_xfs_dio");
    }

    @Test
    void packagePolicySuitesCompileStrictlyAndPass() throws Exception {
        Compilation strict = recompileStrictly(GoldenFilesTest.compileGood(GoldenFilesTest.PACKAGE));
        assertAllPass(SuiteRunner.runScenario(strict, "golden.pkg.AlignedOverwrite"),
                "expect_ext4_patch1", "expect_ext4_patch2", "everyPolicyAsRecorded");
        assertAllPass(SuiteRunner.runScenario(strict, "golden.pkg.AlignedAppend"),
                "expect_ext4_patch1", "expect_ext4_patch2", "same_ext4_base_ext4_patch1_ext4_patch2", "everyPolicyAsRecorded");
    }

    @Test
    void nestedScenarioSuiteCompilesStrictlyAndPasses() throws Exception {
        Src src = Src.scenario("Outer",
                "class Outer {",
                "    @Scenario(title = \"nested\")",
                "    @ExtentLayout(blocks = \"W U U W\")",
                "    @Write(offset = 512, len = 14336)",
                "    @ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "    static class Inner {}",
                "}");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).succeededWithoutWarnings();
        assertAllPass(SuiteRunner.runScenario(recompileStrictly(c), "test.Outer_Inner"),
                "expect_ext4_patch2", "everyPolicyAsRecorded");
    }

    @Test
    void awkwardNamesStillGiveValidTestNames() throws Exception {
        Src src = Src.scenario("Names",
                "@Scenario(title = \"names: \\\"quotes\\\", back\\\\slash and a <tag>\")",
                "@Sweep(layouts = {\"W ? W\"}, offsets = @Range(from = 0, to = 8192, step = 4096), ",
                "       lengths = @Range(from = 4096, to = 8192, step = 4096), policies = {\"xfs-dio\"}, ",
                "       hitPolicy = Sweep.HitPolicy.FIRST)",
                "@Rule.List({",
                "    @Rule(name = \"1st: aligned \\\"fast\\\" path\", alignment = ALIGNED, lock = SHARED),",
                "    @Rule(name = \"1st-aligned fast path!\", lock = SHARED)",
                "})",
                "class Names {}");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=off"), src);
        assertThat(c).succeeded();
        Map<String, TestExecutionResult> results = SuiteRunner.runScenario(recompileStrictly(c), "test.Names");
        // both names reduce to x1st_aligned_fast_path: the second gets a suffix; the shadowed one matches nothing
        assertThat(results.keySet()).containsExactly("rule_x1st_aligned_fast_path_xfs_dio",
                "rule_x1st_aligned_fast_path_xfs_dio_2");
        assertThat(results.get("rule_x1st_aligned_fast_path_xfs_dio").getStatus()).isEqualTo(Status.SUCCESSFUL);
        assertThat(results.get("rule_x1st_aligned_fast_path_xfs_dio_2").getThrowable().orElseThrow().getMessage())
                .contains("matches no case of the sweep");
    }

    @Test
    void wrongExpectationFailsAtRunTimeWithTheFullReport() throws Exception {
        Src src = Src.scenario("WrongAtRunTime",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-base\", value = SHARED)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "class WrongAtRunTime {}");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=off"), src);
        assertThat(c).succeededWithoutWarnings();
        Map<String, TestExecutionResult> results = SuiteRunner.runScenario(recompileStrictly(c), "test.WrongAtRunTime");
        assertThat(results.keySet()).containsExactly("expect_ext4_base", "expect_ext4_patch2", "everyPolicyAsRecorded");
        assertThat(results.get("expect_ext4_patch2").getStatus()).isEqualTo(Status.SUCCESSFUL);
        assertThat(results.get("everyPolicyAsRecorded").getStatus()).isEqualTo(Status.SUCCESSFUL);

        TestExecutionResult failed = results.get("expect_ext4_base");
        assertThat(failed.getStatus()).isEqualTo(Status.FAILED);
        Throwable t = failed.getThrowable().orElseThrow();
        assertThat(t).isInstanceOf(AssertionError.class);
        String m = t.getMessage();
        assertThat(m).startsWith("test.WrongAtRunTime: ext4-base does not decide as expected\n");
        // the layout strip with the write marked
        assertThat(m).contains("layout=\"W U U W\" bs=4096 lbs=512 i_size=16384; O_DIRECT write offset=512 len=14336");
        assertThat(m).contains("block      0        1        2        3\n");
        assertThat(m).contains("layout    |   W    |   U    :   U    |   W    |\n");
        assertThat(m).contains("write     | #######|########:########|#####   |\n");
        // expected versus decided
        assertThat(m).contains("  expected: SHARED\n");
        assertThat(m).contains("lock: expected SHARED, decided EXCLUSIVE");
        assertThat(m).contains("ext4-base decided EXCLUSIVE drain force-wait OK, lock path S → unlock → X");
        // the engine's trace, numbered
        assertThat(m).contains("  trace:\n");
        assertThat(m).contains(". ext4_dio_write_checks: unaligned write -> inode_dio_wait, IOMAP_DIO_FORCE_WAIT\n");
        // and how to run just this test again
        assertThat(m).contains("  rerun: mvn test -Dtest=Scenarios_LocktableTest#WrongAtRunTime_expect_ext4_base\n");
    }

    @Test
    void wrongRuleFailsAtRunTimeWithTheSmallestCounterexample() throws Exception {
        Src src = Src.scenario("WrongRule",
                "@Scenario(title = \"sweep\")",
                "@Sweep(layouts = {\"W ? W\"}, offsets = @Range(from = 0, to = 8192, step = 4096), "
                        + "lengths = @Range(from = 4096, to = 8192, step = 4096), policies = {\"xfs-dio\"})",
                "@Rule(name = \"aligned\", alignment = ALIGNED, lock = EXCLUSIVE)",
                "class WrongRule {}");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=off"), src);
        assertThat(c).succeededWithoutWarnings();
        Map<String, TestExecutionResult> results = SuiteRunner.runScenario(recompileStrictly(c), "test.WrongRule");
        TestExecutionResult failed = results.get("rule_aligned_xfs_dio");
        assertThat(failed.getStatus()).isEqualTo(Status.FAILED);
        String m = failed.getThrowable().orElseThrow().getMessage();
        assertThat(m).startsWith("test.WrongRule: rule \"aligned\" (xfs-dio) fails; smallest counterexample, case 0 of 18:\n");
        assertThat(m).contains("layout=\"W H W\" bs=4096 lbs=512 i_size=12288; O_DIRECT write offset=0 len=4096");
        assertThat(m).contains("layout    |   W    |   H    |   W    |\n");
        assertThat(m).contains("  rule expects EXCLUSIVE\n");
        assertThat(m).contains("  trace:\n");
        assertThat(m).contains("  rerun: mvn test -Dtest=Scenarios_LocktableTest#WrongRule_rule_aligned_xfs_dio\n");
    }

    /** The title goes into the suite's Javadoc verbatim: a title is free text, it must not be able to break the suite. */
    @Test
    void titlesWithCommentEndOrBackslashUStillCompile() {
        Src src = Src.scenario("Comment",
                "@Scenario(title = \"ends at */ and reads C:\\\\users\\\\fio.job\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "class Comment {}");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).succeededWithoutWarnings();
        recompileStrictly(c);
    }
}

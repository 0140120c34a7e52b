package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.errorAt;
import static org.locktable.processor.Compile.ids;
import static org.locktable.processor.Compile.message;
import static org.locktable.processor.Compile.warningAt;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;

/** LT002..LT008: which annotations go together, on what, and the title. */
class ScenarioShapeDiagnosticsTest {

    @Test
    void lt002_expectLockWithoutScenario() {
        Src src = Src.scenario("Stray",
                "@ExpectLock(policy = \"ext4-base\", value = SHARED)",
                "class Stray {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT002", src, "@ExpectLock");
        assertThat(message(c, "LT002")).isEqualTo(
                "[LT002] @ExpectLock needs @Scenario on the same class; add @Scenario(title = \"...\")");
        assertThat(ids(c)).containsExactly("ERROR LT002");
    }

    @Test
    void lt002_eachStrayAnnotationIsReportedAtItself() {
        Src src = Src.scenario("StrayWrite",
                "@Policies(\"ext4-base\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 0, len = 4096)",
                "class StrayWrite {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT002", src, "@Policies");
        errorAt(c, "LT002", src, "@ExtentLayout");
        errorAt(c, "LT002", src, "@Write");
        assertThat(c).hadErrorContaining("[LT002] @Write needs @Scenario");
        assertThat(ids(c)).containsExactly("ERROR LT002", "ERROR LT002", "ERROR LT002");
    }

    @Test
    void lt003_scenarioOnAnInterface() {
        Src src = Src.scenario("Iface",
                "@Scenario(title = \"t\")",
                "interface Iface {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT003", src, "@Scenario");
        assertThat(message(c, "LT003")).isEqualTo("[LT003] @Scenario goes on a class, not on interface Iface");
        assertThat(ids(c)).containsExactly("ERROR LT003");
    }

    @Test
    void lt003_scenarioOnAnEnum() {
        Src src = Src.scenario("Kind",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W\")",
                "@Write(offset = 0, len = 4096)",
                "enum Kind { A }");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT003", src, "@Scenario");
        assertThat(message(c, "LT003")).isEqualTo("[LT003] @Scenario goes on a class, not on enum Kind");
        assertThat(ids(c)).containsExactly("ERROR LT003");
    }

    @Test
    void lt004_scenarioWithNothingToCheck() {
        Src src = Src.scenario("Nothing",
                "@Scenario(title = \"t\")",
                "class Nothing {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT004", src, "@Scenario");
        assertThat(message(c, "LT004")).isEqualTo("[LT004] @Scenario Nothing has neither @ExtentLayout with @Write, nor "
                + "@Sweep with @Rule, nor @Workload with @ExpectSpeedup, nor @Concurrent with @Op; add one of them");
        assertThat(ids(c)).containsExactly("ERROR LT004");
    }

    @Test
    void lt005_extentLayoutWithoutWrite() {
        Src src = Src.scenario("NoWrite",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@ExpectLock(policy = \"ext4-base\", value = SHARED)",
                "class NoWrite {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT005", src, "@ExtentLayout");
        assertThat(message(c, "LT005")).contains("@ExtentLayout needs a @Write on the same class");
        assertThat(ids(c)).containsExactly("ERROR LT005");
    }

    @Test
    void lt006_writeWithoutExtentLayout() {
        Src src = Src.scenario("NoLayout",
                "@Scenario(title = \"t\")",
                "@Write(offset = 0, len = 4096)",
                "@ExpectLock(policy = \"ext4-base\", value = SHARED)",
                "class NoLayout {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT006", src, "@Write");
        assertThat(message(c, "LT006")).contains("@Write needs an @ExtentLayout on the same class");
        assertThat(ids(c)).containsExactly("ERROR LT006");
    }

    @Test
    void lt007_scenarioWithoutExpectationWarnsAndStillGenerates() {
        Src src = Src.scenario("NoExp",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 0, len = 4096)",
                "class NoExp {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT007", src, "@Scenario");
        assertThat(message(c, "LT007")).isEqualTo("[LT007] scenario NoExp states no @ExpectLock, @ExpectNoStricter or "
                + "@ExpectSame: its suite only records decisions");
        assertThat(ids(c)).containsExactly("WARNING LT007");
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest").contentsAsUtf8String()
                .contains("void NoExp_everyPolicyAsRecorded()");
    }

    /** A class whose only expectation is invalid does state one: LT007 on top of the real error misleads. */
    @Test
    void lt007_notReportedWhenTheExpectationsAreInvalid() {
        Src src = Src.scenario("NoPolicy",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 0, len = 4096)",
                "@ExpectLock(SHARED)",
                "@ExpectNoStricter(policy = \"ext4-base\", than = \"ext4-base\")",
                "class NoPolicy {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(ids(c)).containsExactly("ERROR LT031", "ERROR LT035");
    }

    @Test
    void lt008_emptyTitle() {
        Src src = Src.scenario("Untitled",
                "@Scenario(title = \"\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 0, len = 4096)",
                "@ExpectLock(policy = \"ext4-base\", value = SHARED)",
                "class Untitled {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT008", src, "title = \"\"", "\"\"");
        assertThat(message(c, "LT008")).isEqualTo("[LT008] @Scenario.title is empty; say in one line what the write is");
        assertThat(ids(c)).containsExactly("ERROR LT008");
    }

    @Test
    void lt008_blankTitle() {
        Src src = Src.scenario("Blank",
                "@Scenario(why = \"w\", title = \"   \")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 0, len = 4096)",
                "@ExpectLock(policy = \"ext4-base\", value = SHARED)",
                "class Blank {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT008", src, "\"   \"");
        assertThat(ids(c)).containsExactly("ERROR LT008");
    }

    @Test
    void aValidScenarioReportsNothing() {
        Src src = Src.scenario("Fine",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "class Fine {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest");
        assertThat(ids(c)).isEmpty();
    }
}

package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.errorAt;
import static org.locktable.processor.Compile.ids;
import static org.locktable.processor.Compile.message;
import static org.locktable.processor.Compile.warningAt;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.google.testing.compile.Compilation;

/**
 * LT040, LT041: an expectation or relation the engine disagrees with, at each -Alocktable.mismatch severity. The
 * write is seed 000 test 2 (W U U W, 512 + 14336): mainline ext4 takes the exclusive lock with a drain and a forced
 * wait, patch 2 the shared lock.
 */
class EngineMismatchDiagnosticsTest {
    private static final String WRONG = "@ExpectLock(policy = \"ext4-base\", value = SHARED)";

    private static Src wrongExpectation() {
        return Src.scenario("Wrong",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                WRONG,
                "class Wrong {}");
    }

    private static Src wrongRelation(String relation) {
        return Src.scenario("WrongRelation",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                relation,
                "class WrongRelation {}");
    }

    @Test
    void lt040_expectationMismatchIsAWarningByDefault() {
        Src src = wrongExpectation();
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT040", src, WRONG);
        String m = message(c, "LT040");
        assertThat(m).startsWith("[LT040] the engine decides differently for ext4-base: lock: expected SHARED, decided EXCLUSIVE");
        assertThat(m).contains("; engine trace: ext4-base: O_DIRECT write offset=512 len=14336 on layout=\"W U U W\"");
        assertThat(m).contains("ext4_dio_write_checks: unaligned write -> inode_dio_wait, IOMAP_DIO_FORCE_WAIT");
        assertThat(ids(c)).containsExactly("WARNING LT040");
        // the generated test fails at run time either way (see GeneratedSuitesTest)
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest").contentsAsUtf8String()
                .contains("Wrong_SUITE.expect(\"Wrong_expect_ext4_base\", \"ext4-base\", \"SHARED\")");
    }

    @Test
    void lt040_mismatchWarning() {
        Src src = wrongExpectation();
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=warning"), src);
        assertThat(c).succeeded();
        warningAt(c, "LT040", src, WRONG);
        assertThat(ids(c)).containsExactly("WARNING LT040");
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest");
    }

    @ParameterizedTest
    @ValueSource(strings = {"error", "ERROR", "Error"})
    void lt040_mismatchError(String value) {
        Src src = wrongExpectation();
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=" + value), src);
        assertThat(c).failed();
        errorAt(c, "LT040", src, WRONG);
        assertThat(ids(c)).containsExactly("ERROR LT040");
    }

    @Test
    void lt040_mismatchOffIsSilentAndStillGenerates() {
        Src src = wrongExpectation();
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=off"), src);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest").contentsAsUtf8String()
                .contains("void Wrong_expect_ext4_base()");
        com.google.common.truth.Truth.assertThat(Compile.page(c, "locktable/scenarios/test/Wrong.md").orElseThrow())
                .contains("✗");
    }

    @Test
    void lt040_onlyTheMembersWrittenAreCompared() {
        // ext4-base drains and forces a wait here; an expectation that leaves drain and forceWait unwritten agrees,
        // one that writes drain = false does not
        Src src = Src.scenario("Members",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock.List({",
                "    @ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE),",
                "    @ExpectLock(policy = \"ext4-patch1\", value = EXCLUSIVE, drain = false)",
                "})",
                "class Members {}");
        Compilation c = Compile.withProcessor(src);
        warningAt(c, "LT040", src, "@ExpectLock(policy = \"ext4-patch1\"");
        assertThat(message(c, "LT040")).contains("the engine decides differently for ext4-patch1: drain");
        assertThat(ids(c)).containsExactly("WARNING LT040");
    }

    @Test
    void lt041_noStricterRelationBroken() {
        String relation = "@ExpectNoStricter(policy = \"ext4-base\", than = \"ext4-patch2\")";
        Src src = wrongRelation(relation);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT041", src, relation);
        assertThat(message(c, "LT041")).isEqualTo("[LT041] the engine breaks @ExpectNoStricter(policy = \"ext4-base\", "
                + "than = \"ext4-patch2\"): ext4-base decides EXCLUSIVE drain force-wait OK, ext4-patch2 decides SHARED OK");
        assertThat(ids(c)).containsExactly("WARNING LT041");
    }

    @Test
    void lt041_sameRelationBroken() {
        String relation = "@ExpectSame({\"ext4-patch1\", \"ext4-patch2\"})";
        Src src = wrongRelation(relation);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT041", src, relation);
        assertThat(message(c, "LT041")).isEqualTo("[LT041] the engine breaks @ExpectSame([ext4-patch1, ext4-patch2]): "
                + "ext4-patch1 decides EXCLUSIVE drain force-wait OK, ext4-patch2 decides SHARED OK");
    }

    @Test
    void lt041_relationMismatchError() {
        String relation = "@ExpectNoStricter(policy = \"ext4-base\", than = \"ext4-patch2\")";
        Src src = wrongRelation(relation);
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).failed();
        errorAt(c, "LT041", src, relation);
        assertThat(ids(c)).containsExactly("ERROR LT041");
    }

    @Test
    void lt041_relationMismatchOff() {
        Src src = wrongRelation("@ExpectNoStricter(policy = \"ext4-base\", than = \"ext4-patch2\")");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=off"), src);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest").contentsAsUtf8String()
                .contains("void WrongRelation_noStricter_ext4_base_than_ext4_patch2()");
    }

    @Test
    void relationsThatHoldReportNothing() {
        Src src = wrongRelation("@ExpectNoStricter(policy = \"ext4-patch2\", than = \"ext4-base\")");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).succeededWithoutWarnings();
    }
}

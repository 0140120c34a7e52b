package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.errorAt;
import static org.locktable.processor.Compile.ids;
import static org.locktable.processor.Compile.message;
import static org.locktable.processor.Compile.warningAt;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;

/** LT030..LT036: which policies an expectation or relation names. */
class PolicyDiagnosticsTest {
    private static final String KNOWN = "known policies: ext4-2019-overwrite, ext4-v5.10, ext4-base, ext4-patch1, "
            + "ext4-patch2, ext4-eof-fix, xfs-dio-v5.11, xfs-dio, xfs-buffered, xfs-writethrough-noserial, ext4-buffered-bh, "
            + "ext4-buffered-bh-dio-wait, ext4-buffered-iomap";

    private static Src single(String name, String... expectations) {
        String[] body = new String[expectations.length + 4];
        body[0] = "@Scenario(title = \"t\")";
        body[1] = "@ExtentLayout(blocks = \"W U U W\")";
        body[2] = "@Write(offset = 512, len = 14336)";
        System.arraycopy(expectations, 0, body, 3, expectations.length);
        body[body.length - 1] = "class " + name + " {}";
        return Src.scenario(name, body);
    }

    @Test
    void lt030_unknownPolicySaysDidYouMean() {
        Src src = single("Typo", "@ExpectLock(policy = \"ext4-bsae\", value = EXCLUSIVE)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT030", src, "\"ext4-bsae\"");
        assertThat(message(c, "LT030")).isEqualTo("[LT030] unknown policy \"ext4-bsae\" (did you mean \"ext4-base\"?); " + KNOWN);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void lt030_unknownPolicyWithNothingCloseHasNoSuggestion() {
        Src src = single("Far", "@ExpectLock(policy = \"zfs-sync-write-path\", value = EXCLUSIVE)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT030", src, "\"zfs-sync-write-path\"");
        assertThat(message(c, "LT030")).isEqualTo("[LT030] unknown policy \"zfs-sync-write-path\"; " + KNOWN);
    }

    @Test
    void lt030_unknownPolicyInPoliciesIsReportedAtThatElement() {
        Src src = Src.scenario("ClassPolicies",
                "@Scenario(title = \"t\")",
                "@Policies({\"ext4-base\", \"xfs-doi\"})",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(EXCLUSIVE)",
                "class ClassPolicies {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT030", src, "\"xfs-doi\"");
        assertThat(message(c, "LT030")).contains("unknown policy \"xfs-doi\" (did you mean \"xfs-dio\"?)");
        assertThat(ids(c)).containsExactly("ERROR LT030");
    }

    @Test
    void lt030_unknownPolicyInRelations() {
        Src src = single("Relations",
                "@ExpectNoStricter(policy = \"ext4-patch2\", than = \"ext4-bse\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT030", src, "\"ext4-bse\"");
        assertThat(message(c, "LT030")).contains("(did you mean \"ext4-base\"?)");
    }

    @Test
    void lt030_unknownPolicyInExpectSame() {
        Src src = single("Same", "@ExpectSame({\"ext4-patch1\", \"ext4-ptach2\"})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT030", src, "\"ext4-ptach2\"");
    }

    /** The DSL's own example writes repeated annotations; javac puts them in a container the processor reads. */
    @Test
    void lt030_onARepeatedAnnotationPointsAtTheValue() {
        Src src = single("Repeated",
                "@ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE)",
                "@ExpectLock(policy = \"ext4-ptach2\", value = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT030", src, "\"ext4-ptach2\"");
    }

    @Test
    void lt031_expectationWithoutPolicyAndNoPolicies() {
        Src src = single("NoPolicy", "@ExpectLock(EXCLUSIVE)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT031", src, "@ExpectLock(EXCLUSIVE)");
        assertThat(message(c, "LT031")).isEqualTo("[LT031] @ExpectLock names no policy and neither the class nor its package "
                + "has @Policies; add policy = \"...\" or @Policies");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void lt031_emptyPolicyStringCountsAsNone() {
        Src src = single("EmptyPolicy", "@ExpectLock(policy = \"\", value = EXCLUSIVE)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT031", src, "@ExpectLock");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void lt032_duplicateExpectationWarns() {
        Src src = single("Duplicate",
                "@ExpectLock.List({",
                "    @ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE),",
                "    @ExpectLock(value = EXCLUSIVE, policy = \"ext4-base\")",
                "})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT032", src, "@ExpectLock(value = EXCLUSIVE");
        assertThat(message(c, "LT032")).isEqualTo(
                "[LT032] @ExpectLock for ext4-base repeats an earlier expectation of this class; remove one");
        assertThat(ids(c)).containsExactly("WARNING LT032");
        // the duplicate is dropped: one test for ext4-base
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest").contentsAsUtf8String()
                .doesNotContain("Duplicate_expect_ext4_base_2");
    }

    @Test
    void lt032_duplicateThroughPolicies() {
        Src src = Src.scenario("ViaPolicies",
                "@Scenario(title = \"t\")",
                "@Policies({\"ext4-base\", \"ext4-patch1\"})",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock.List({",
                "    @ExpectLock(EXCLUSIVE),",
                "    @ExpectLock(policy = \"ext4-patch1\", value = EXCLUSIVE)",
                "})",
                "class ViaPolicies {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT032", src, "@ExpectLock(policy = \"ext4-patch1\"");
        assertThat(message(c, "LT032")).contains("@ExpectLock for ext4-patch1 repeats");
    }

    @Test
    void lt033_contradictoryExpectation() {
        Src src = single("Contradiction",
                "@ExpectLock.List({",
                "    @ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE),",
                "    @ExpectLock(policy = \"ext4-base\", value = SHARED)",
                "})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT033", src, "@ExpectLock(policy = \"ext4-base\", value = SHARED)");
        assertThat(message(c, "LT033")).isEqualTo("[LT033] @ExpectLock for ext4-base expects SHARED, but an "
                + "earlier @ExpectLock of this class expects EXCLUSIVE for it; keep one");
        assertThat(ids(c)).containsExactly("ERROR LT033");
    }

    @Test
    void lt033_contradictionInAnOptionalMember() {
        Src src = single("DrainContradiction",
                "@ExpectLock.List({",
                "    @ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE, drain = true),",
                "    @ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE, drain = false)",
                "})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT033", src, "@ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE, drain = false)");
    }

    @Test
    void lt034_expectSameWithOnePolicy() {
        Src src = single("Alone", "@ExpectSame(\"ext4-base\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT034", src, "\"ext4-base\"");
        assertThat(message(c, "LT034")).isEqualTo("[LT034] @ExpectSame needs at least two policies, got [ext4-base]");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void lt034_expectSameWithNoPolicy() {
        Src src = single("NoneSame", "@ExpectSame({})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT034", src, "@ExpectSame({})", "{}");
        assertThat(message(c, "LT034")).endsWith("got []");
    }

    @Test
    void lt035_noStricterThanItself() {
        Src src = single("Self", "@ExpectNoStricter(policy = \"ext4-base\", than = \"ext4-base\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT035", src, "than = \"ext4-base\"", "\"ext4-base\"");
        assertThat(message(c, "LT035")).isEqualTo(
                "[LT035] @ExpectNoStricter compares ext4-base with itself; name two different policies");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void lt036_emptyPoliciesOnTheClass() {
        Src src = Src.scenario("EmptyPolicies",
                "@Scenario(title = \"t\")",
                "@Policies({})",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE)",
                "class EmptyPolicies {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT036", src, "@Policies({})", "{}");
        assertThat(message(c, "LT036")).isEqualTo("[LT036] @Policies lists no policy; name at least one");
        assertThat(ids(c)).containsExactly("ERROR LT036");
    }

    @Test
    void lt036_emptyPoliciesOnThePackageIsReportedInPackageInfo() {
        Src pkg = Src.of("test.package-info",
                "@org.locktable.dsl.Policies({})",
                "package test;");
        Src src = single("InPackage", "@ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE)");
        Compilation c = Compile.withProcessor(pkg, src);
        assertThat(c).failed();
        errorAt(c, "LT036", pkg, "{}");
        assertThat(ids(c)).containsExactly("ERROR LT036");
    }

    @Test
    void packagePoliciesApplyAndTheClassWins() {
        Src pkg = Src.of("test.package-info",
                "@org.locktable.dsl.Policies({\"ext4-patch1\", \"ext4-no-such\"})",
                "package test;");
        Src own = Src.scenario("OwnPolicies",
                "@Scenario(title = \"t\")",
                "@Policies(\"ext4-patch2\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(SHARED)",
                "class OwnPolicies {}");
        Compilation c = Compile.withProcessor(pkg, own);
        // the package's unknown id is not read for a class with its own @Policies
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest").contentsAsUtf8String()
                .contains("OwnPolicies_SUITE.expect(\"OwnPolicies_expect_ext4_patch2\", \"ext4-patch2\", \"SHARED\")");
    }
}

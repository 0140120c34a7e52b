package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.ids;

import java.util.List;

import javax.tools.Diagnostic;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;

import org.locktable.dsl.reader.Message;

/** LT001: no exception reaches javac; a processor failure is reported on the class being processed. */
class InternalErrorTest {

    /**
     * A DSL whose {@code @Scenario} lacks {@code title} (as an incompatible DSL version on the class path would): the
     * processor cannot read the class and says so at it, instead of crashing javac.
     */
    @Test
    void lt001_incompatibleDslIsAnInternalErrorAtTheClass() {
        Src oldDsl = Src.of("org.locktable.dsl.Scenario",
                "package org.locktable.dsl;",
                "import java.lang.annotation.*;",
                "@Retention(RetentionPolicy.RUNTIME)",
                "@Target(ElementType.TYPE)",
                "public @interface Scenario {}");
        Src src = Src.scenario("Old",
                "@Scenario",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "class Old {}");
        Compilation c = Compile.withProcessor(oldDsl, src);
        assertThat(c).failed();
        Compile.errorAt(c, "LT001", src, "class Old");
        assertThat(Compile.message(c, "LT001")).isEqualTo("[LT001] internal error in the locktable processor while "
                + "processing test.Old: java.lang.IllegalStateException: @Scenario has no member title; please report it "
                + "with this class");
        assertThat(ids(c)).containsExactly("ERROR LT001");
    }

    @Test
    void lt001_format() {
        assertThat(Message.INTERNAL_ERROR.id()).isEqualTo("LT001");
        assertThat(Message.INTERNAL_ERROR.kind()).isEqualTo(Diagnostic.Kind.ERROR);
        assertThat(Message.INTERNAL_ERROR.format("test.X", new IllegalStateException("boom"))).isEqualTo(
                "[LT001] internal error in the locktable processor while processing test.X: "
                        + "java.lang.IllegalStateException: boom; please report it with this class");
    }

    /** @ExpectLock needs a write to be about; on a sweep-only class it must be reported, not crash the processor. */
    @Test
    void lt009_expectationOnASweepOnlyClassIsADiagnosticNotAnInternalError() {
        Src src = Src.scenario("SweepAndExpect",
                "@Scenario(title = \"sweep\")",
                "@Sweep(layouts = {\"W ? W\"}, offsets = @Range(from = 0, to = 8192, step = 4096), "
                        + "lengths = @Range(from = 4096, to = 8192, step = 4096), policies = {\"xfs-dio\"})",
                "@Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)",
                "@ExpectLock(policy = \"xfs-dio\", value = SHARED)",
                "class SweepAndExpect {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        assertThat(ids(c)).doesNotContain("ERROR LT001");
        assertThat(c).hadErrorContaining("[LT009] @ExpectLock states an expectation about one write")
                .inFile(src.file).onLine(src.line("@ExpectLock"));
    }

    /** A nested Outer.Inner and a top-level Outer_Inner both flatten to Outer_Inner: their tests would share names. */
    @Test
    void lt061_collidingSuiteNamesAreADiagnosticNotAnInternalError() {
        String[] scenario = {
            "@ExtentLayout(blocks = \"W U U W\")",
            "@Write(offset = 512, len = 14336)",
            "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)"};
        Src top = Src.scenario("Outer_Inner",
                "@Scenario(title = \"a\")", scenario[0], scenario[1], scenario[2],
                "class Outer_Inner {}");
        Src nested = Src.scenario("Outer",
                "class Outer {",
                "@Scenario(title = \"b\")", scenario[0], scenario[1], scenario[2],
                "static class Inner {}",
                "}");
        Compilation c = Compile.withProcessor(List.of(), top.file, nested.file);
        assertThat(c).failed();
        assertThat(ids(c)).doesNotContain("ERROR LT001");
        assertThat(c).hadErrorContaining("[LT061] the generated tests test.Scenarios_LocktableTest#Outer_Inner_* of this "
                + "scenario would have the names of those of");
    }
}

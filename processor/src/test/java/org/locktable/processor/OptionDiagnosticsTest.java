package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.ids;

import java.util.List;

import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.google.testing.compile.Compilation;

/** LT060 and what each -A option does. */
class OptionDiagnosticsTest {
    private static Src good() {
        return Src.scenario("Good",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "class Good {}");
    }

    @ParameterizedTest(name = "-A{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "locktable.mismatch     | loud    | use error, warning or off",
        "locktable.maxSweepCases| lots    | use a whole number of cases, at least 1",
        "locktable.maxSweepCases| 0       | use a whole number of cases, at least 1",
        "locktable.maxSweepCases| -5      | use a whole number of cases, at least 1",
        "locktable.maxSweepCases| 1e6     | use a whole number of cases, at least 1",
        "locktable.markdown     | yes     | use on or off",
    })
    void lt060_badOptionValue(String option, String value, String hint) {
        Compilation c = Compile.withProcessor(List.of("-A" + option + "=" + value), good());
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[LT060] processor option -A" + option + "=" + value + " is not valid; " + hint);
        Diagnostic<? extends JavaFileObject> d = Compile.only(c, "LT060");
        assertThat(d.getKind()).isEqualTo(Diagnostic.Kind.ERROR);
        assertThat(d.getSource()).isNull(); // about the command line, not a file
        assertThat(ids(c)).containsExactly("ERROR LT060");
    }

    @Test
    void lt060_everyBadOptionIsReported() {
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=fatal", "-Alocktable.maxSweepCases=many",
                "-Alocktable.markdown=maybe"), good());
        assertThat(c).failed();
        assertThat(ids(c)).containsExactly("ERROR LT060", "ERROR LT060", "ERROR LT060");
        assertThat(c).hadErrorContaining("-Alocktable.mismatch=fatal");
        assertThat(c).hadErrorContaining("-Alocktable.maxSweepCases=many");
        assertThat(c).hadErrorContaining("-Alocktable.markdown=maybe");
    }

    @Test
    void goodOptionValuesAreAccepted() {
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=warning", "-Alocktable.maxSweepCases= 12 ",
                "-Alocktable.markdown=ON"), good());
        assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void markdownOffWritesNoPageButTheSuite() {
        Compilation c = Compile.withProcessor(List.of("-Alocktable.markdown=off"), good());
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest");
        for (JavaFileObject f : c.generatedFiles()) {
            assertThat(Compile.path(f)).doesNotContain(".md");
            assertThat(Compile.path(f)).doesNotContain(".pages");
        }
    }

    @Test
    void markdownOnWritesThePageAndTheIndex() {
        Compilation c = Compile.withProcessor(good());
        assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, "", org.locktable.engine.scenario.ScenarioPages.RESOURCE);
        com.google.common.truth.Truth.assertThat(Compile.pages(c).keySet())
                .containsExactly("locktable/scenarios/test/Good.md", "locktable/scenarios/index.md");
    }

    @Test
    void unknownLocktableOptionIsFlaggedByJavac() {
        Compilation c = Compile.withProcessor(List.of("-Alocktable.missmatch=error"), good());
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("The following options were not recognized by any processor: '[locktable.missmatch]'");
    }
}

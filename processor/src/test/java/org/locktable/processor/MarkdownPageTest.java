package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import java.util.List;

import javax.tools.StandardLocation;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;

/** Details of the Markdown pages beyond the golden files: verdicts for wrong expectations, paths, the key step. */
class MarkdownPageTest {
    private static String page(Compilation c, String path) {
        return Compile.page(c, path).orElseThrow();
    }

    @Test
    void aWrongExpectationIsCrossedOnThePageAndInTheIndex() {
        Src src = Src.scenario("Crossed",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-base\", value = SHARED)",
                "class Crossed {}");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=off"), src);
        assertThat(c).succeededWithoutWarnings();
        assertThat(page(c, "locktable/scenarios/test/Crossed.md"))
                .contains("| ext4-base | SHARED | ✗ lock: expected SHARED, decided EXCLUSIVE | OK |");
        assertThat(page(c, "locktable/scenarios/index.md"))
                .contains("| [test.Crossed](test/Crossed.md) | t | **X** | **X** | **X** ✗ | **X** | S | **X** | **X** |");
    }

    @Test
    void aScenarioInTheUnnamedPackage() {
        Src src = Src.of("Top",
                "import org.locktable.dsl.*;",
                "@Scenario(title = \"top | level\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-patch2\", value = LockMode.SHARED)",
                "class Top {}");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("Scenarios_LocktableTest");
        assertThat(page(c, "locktable/scenarios/Top.md")).startsWith("# top | level\n\n`Top`\n");
        // a '|' in a cell is escaped so the table keeps its columns
        assertThat(page(c, "locktable/scenarios/index.md")).contains("| [Top](Top.md) | top \\| level |");
    }

    /** The "key step" column should show the step that settled the lock. */
    @Test
    void keyStepOfAnAppendNamesTheLockDecision() {
        Src src = Src.scenario("Append",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W W\")",
                "@Write(offset = 8192, len = 4096)",
                "@ExpectLock(policy = \"ext4-base\", value = EXCLUSIVE)",
                "class Append {}");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).succeededWithoutWarnings();
        String row = page(c, "locktable/scenarios/test/Append.md").lines().filter(l -> l.startsWith("| ext4-base |"))
                .findFirst().orElseThrow();
        assertThat(row).contains("inode_lock");
    }
}

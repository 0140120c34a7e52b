package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.tools.JavaFileObject;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;

import org.locktable.engine.scenario.ScenarioIndex;
import org.locktable.engine.scenario.ScenarioPages;

/** The same inputs give byte-identical generated sources and resources, whatever the order javac is given them in. */
class DeterminismTest {
    /** Every good input: single writes, NOWAIT, a sweep, a package with @Policies. */
    private static List<JavaFileObject> inputs() {
        List<JavaFileObject> files = new ArrayList<>();
        for (String[] group : List.of(GoldenFilesTest.SINGLE, GoldenFilesTest.NOWAIT, GoldenFilesTest.SWEEP,
                GoldenFilesTest.PACKAGE)) {
            for (String path : group) {
                files.add(GoldenFilesTest.good(path));
            }
        }
        return files;
    }

    private static TreeMap<String, byte[]> generate(List<JavaFileObject> files) {
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), files.toArray(new JavaFileObject[0]));
        assertThat(c).succeededWithoutWarnings();
        // the page bundle, page by page (it is the pages, sorted, each with its length)
        TreeMap<String, byte[]> out = Compile.generatedText(c);
        assertThat(out.remove("CLASS_OUTPUT/" + ScenarioPages.RESOURCE)).isNotNull();
        Compile.pages(c).forEach((path, text) -> out.put("CLASS_OUTPUT/" + path, text.getBytes(StandardCharsets.UTF_8)));
        return out;
    }

    private static void assertIdentical(TreeMap<String, byte[]> expected, TreeMap<String, byte[]> actual, String what) {
        assertWithMessage("generated files (%s)", what).that(actual.keySet()).containsExactlyElementsIn(expected.keySet())
                .inOrder();
        for (Map.Entry<String, byte[]> e : expected.entrySet()) {
            byte[] other = actual.get(e.getKey());
            assertWithMessage("%s (%s) differs:\n%s", e.getKey(), what, Goldens.firstDifference(
                    new String(e.getValue(), StandardCharsets.UTF_8), new String(other, StandardCharsets.UTF_8)))
                    .that(other).isEqualTo(e.getValue());
        }
    }

    @Test
    void twiceTheSameInputsGiveIdenticalOutput() {
        TreeMap<String, byte[]> first = generate(inputs());
        // 5 scenario classes in 4 packages: 4 suites, 5 pages, 1 index page, 1 scenario index
        assertThat(first).hasSize(11);
        assertIdentical(first, generate(inputs()), "second compilation");
    }

    @Test
    void inputOrderDoesNotMatter() {
        TreeMap<String, byte[]> forward = generate(inputs());
        List<JavaFileObject> reversed = inputs();
        Collections.reverse(reversed);
        assertIdentical(forward, generate(reversed), "reversed input order");
        List<JavaFileObject> shuffled = inputs();
        Collections.shuffle(shuffled, new java.util.Random(20260101));
        assertIdentical(forward, generate(shuffled), "shuffled input order");
    }

    @Test
    void eachClassAloneGivesTheSameSuiteAndPageAsInAGroup() {
        TreeMap<String, byte[]> all = generate(inputs());
        TreeMap<String, byte[]> single = generate(List.of(GoldenFilesTest.good(GoldenFilesTest.SINGLE[0])));
        for (Map.Entry<String, byte[]> e : single.entrySet()) {
            if (!e.getKey().endsWith("index.md") && !e.getKey().endsWith(ScenarioIndex.RESOURCE)) {
                assertWithMessage(e.getKey()).that(all.get(e.getKey())).isEqualTo(e.getValue());
            }
        }
    }

    @Test
    void noTimestampsOrMachineDetailsInTheOutput() {
        for (Map.Entry<String, byte[]> e : generate(inputs()).entrySet()) {
            String text = new String(e.getValue(), StandardCharsets.UTF_8);
            assertWithMessage(e.getKey()).that(text).doesNotContainMatch("20\\d\\d-\\d\\d-\\d\\d");
            assertWithMessage(e.getKey()).that(text).doesNotContain(System.getProperty("user.dir"));
            assertWithMessage(e.getKey()).that(text).doesNotContain("date =");
        }
    }
}

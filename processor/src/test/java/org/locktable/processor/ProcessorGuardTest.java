package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.locktable.engine.scenario.ProcessorGuard;
import org.locktable.engine.scenario.ScenarioIndex;

/**
 * The "processor never ran" guard consumers call from one ordinary test: scenario classes compiled without the
 * processor (as javac 23+ does when the processor is only on the class path) make it fail with the fix; with the
 * processor it passes.
 */
class ProcessorGuardTest {
    private static final String[] SCENARIOS = {"single/UnalignedWrittenEdges.java", "nowait/NowaitIntoHole.java"};

    /** Compiles the good inputs with plain javac into {@code out}; {@code processor} or {@code -proc:none}. */
    private static void javac(Path out, boolean processor, String... goodPaths) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
            List<JavaFileObject> sources = new ArrayList<>();
            for (String p : goodPaths) {
                sources.add(GoldenFilesTest.good(p));
            }
            List<String> options = new ArrayList<>(List.of("-d", out.toString(), "-s", Files.createDirectories(
                    out.resolveSibling(out.getFileName() + "-generated")).toString(), "-classpath",
                    System.getProperty("java.class.path")));
            if (!processor) {
                options.add("-proc:none");
            }
            StringWriter log = new StringWriter();
            JavaCompiler.CompilationTask task = javac.getTask(log, fm, null, options, null, sources);
            if (processor) {
                task.setProcessors(List.of(new LocktableProcessor()));
            }
            if (!task.call()) {
                throw new AssertionError("javac failed:\n" + log);
            }
        }
    }

    private static void guard(Path classes, String anchor) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                ProcessorGuardTest.class.getClassLoader())) {
            ProcessorGuard.assertSuitesGenerated(Class.forName(anchor, false, loader));
        }
    }

    @Test
    void failsWithTheFixWhenTheProcessorNeverRan(@TempDir Path tmp) throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        javac(classes, false, SCENARIOS);
        assertThat(Files.exists(classes.resolve("golden/single/UnalignedWrittenEdges.class"))).isTrue();
        assertThat(Files.exists(classes.resolve("golden/single/Scenarios_LocktableTest.class"))).isFalse();

        AssertionError e = assertThrows(AssertionError.class, () -> guard(classes, "golden.single.UnalignedWrittenEdges"));
        assertThat(e).hasMessageThat().startsWith("the locktable annotation processor did not run: " + classes
                + " has no scenario index META-INF/locktable/scenarios.idx, so no scenario is checked.");
        assertThat(e).hasMessageThat().contains("To fix the build, name the processor explicitly: in Maven, "
                + "maven-compiler-plugin <annotationProcessorPaths> with org.locktable:locktable-processor");
        assertThat(e).hasMessageThat().contains("with plain javac, --processor-path or -proc:full");
    }

    @Test
    void passesWhenEverySuiteWasGenerated(@TempDir Path tmp) throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        javac(classes, true, SCENARIOS);
        assertThat(Files.exists(classes.resolve("golden/single/Scenarios_LocktableTest.class"))).isTrue();
        assertThat(Files.exists(classes.resolve("golden/nowait/Scenarios_LocktableTest.class"))).isTrue();
        guard(classes, "golden.single.UnalignedWrittenEdges");
    }

    @Test
    void namesTheScenariosWithoutASuiteWhenOnlySomeHaveOne(@TempDir Path tmp) throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        javac(classes, true, SCENARIOS);
        Files.delete(classes.resolve("golden/nowait/Scenarios_LocktableTest.class"));
        AssertionError e = assertThrows(AssertionError.class, () -> guard(classes, "golden.single.UnalignedWrittenEdges"));
        assertThat(e).hasMessageThat().startsWith("no generated suite for [golden.nowait.NowaitIntoHole] (was the processor "
                + "disabled for some sources, or did an earlier compile fail?); name the processor explicitly");
    }

    /** The guard reads the index rather than scanning classes: a directory without one fails, scenarios or not. */
    @Test
    void aDirectoryWithoutAnIndexFails(@TempDir Path tmp) throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        Path src = Files.writeString(tmp.resolve("Plain.java"), "package plain; public class Plain {}");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "-proc:none", "-d", classes.toString(), src.toString())).isEqualTo(0);
        AssertionError e = assertThrows(AssertionError.class, () -> guard(classes, "plain.Plain"));
        assertThat(e).hasMessageThat().startsWith("the locktable annotation processor did not run");
    }

    @Test
    void theIndexListsEveryGeneratedScenarioWithItsSuiteSorted(@TempDir Path tmp) throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        javac(classes, true, SCENARIOS);
        List<ScenarioIndex.Entry> index = ScenarioIndex.read(classes).orElseThrow();
        assertThat(index).containsExactly(
                new ScenarioIndex.Entry("golden.nowait.NowaitIntoHole", "golden.nowait.Scenarios_LocktableTest",
                        index.get(0).locks(), index.get(0).relations(), 0, 0),
                new ScenarioIndex.Entry("golden.single.UnalignedWrittenEdges",
                        "golden.single.Scenarios_LocktableTest", index.get(1).locks(), index.get(1).relations(),
                        0, 0)).inOrder();
        assertThat(index.get(1).locks()).isGreaterThan(0);
    }
}

package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.locktable.dsl.reader.ReflectedClass;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.dsl.reader.ScenarioReader;

/**
 * One reader, two sources: the golden scenarios read through their annotation mirrors while compiling and read by
 * reflection from the compiled classes give the same model. The one known difference: a class file does not say
 * which members were written, so an optional outcome written with its default value ({@code result = OK}) is
 * checked by the processor and left out by reflection; the outcomes are compared as "reflection's parts are the
 * mirrors' parts".
 */
class SourceParityTest {

    /** Reads every {@code @Scenario} class through {@link ApClass}, as the processor does, and keeps the models. */
    @SupportedAnnotationTypes("org.locktable.dsl.Scenario")
    static final class Capture extends AbstractProcessor {
        final TreeMap<String, ScenarioModel> models = new TreeMap<>();

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            for (TypeElement a : annotations) {
                for (Element e : round.getElementsAnnotatedWith(a)) {
                    ApClass type = new ApClass((TypeElement) e, processingEnv.getElementUtils(),
                            SourcePositions.of(processingEnv));
                    models.put(type.binaryName(), new ScenarioReader().read(type).model().orElseThrow());
                }
            }
            return false;
        }
    }

    private static TreeMap<String, ScenarioModel> compile(Path out, String... goodPaths) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Capture capture = new Capture();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
            List<JavaFileObject> sources = new ArrayList<>();
            for (String p : goodPaths) {
                sources.add(GoldenFilesTest.good(p));
            }
            StringWriter log = new StringWriter();
            JavaCompiler.CompilationTask task = javac.getTask(log, fm, null, List.of("-d", out.toString(), "-classpath",
                    System.getProperty("java.class.path")), null, sources);
            task.setProcessors(List.of(capture));
            if (!task.call()) {
                throw new AssertionError("javac failed:\n" + log);
            }
        }
        return capture.models;
    }

    /** What both sources must agree on: everything but the sites and the expected outcomes. */
    private static String withoutSites(ScenarioModel m) {
        StringBuilder s = new StringBuilder().append(m.qualifiedName()).append(" / ").append(m.binaryName()).append('\n')
                .append(m.title()).append(" | ").append(m.why()).append(" | ").append(m.source()).append('\n')
                .append(m.inode()).append('\n').append(m.write()).append('\n').append(m.defaultPolicies()).append('\n');
        for (ScenarioModel.Expected e : m.expected()) {
            s.append(e.expectation().policy()).append(": ").append(e.expectation().lock()).append(e.policyNamed()
                    ? " (named)" : "").append('\n');
        }
        for (ScenarioModel.Relation r : m.relations()) {
            s.append(r.kind()).append(' ').append(r.policies()).append('\n');
        }
        if (m.sweep() != null) {
            s.append(m.sweep().spec().size()).append(" cases, first hit ").append(m.sweep().firstHit()).append(", complete ")
                    .append(m.sweep().complete()).append('\n');
            m.sweep().rules().forEach(r -> s.append(r.name()).append(' ').append(r.policy()).append(' ')
                    .append(r.cells()).append('\n'));
        }
        if (m.race() != null) {
            s.append(m.race().inode()).append(' ').append(m.race().opTexts()).append('\n');
            m.race().expectations().forEach(e -> s.append(e.policy()).append(": ").append(e.describe()).append('\n'));
        }
        return s.toString();
    }

    /** Each expectation's and rule's outcome as its parts: {@code [SHARED, NOWAIT EAGAIN, result OK]}. */
    private static List<List<String>> outcomes(ScenarioModel m) {
        List<List<String>> out = new ArrayList<>();
        m.expectations().forEach(e -> out.add(List.of(e.describe().split(", "))));
        if (m.sweep() != null) {
            m.sweep().rules().forEach(r -> out.add(List.of(r.expect().describe().split(", "))));
        }
        return out;
    }

    @Test
    void mirrorsAndReflectionGiveTheSameModel(@TempDir Path tmp) throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        List<String> all = new ArrayList<>();
        for (String[] group : List.of(GoldenFilesTest.SINGLE, GoldenFilesTest.NOWAIT, GoldenFilesTest.SWEEP,
                GoldenFilesTest.PACKAGE, GoldenFilesTest.RACE)) {
            all.addAll(List.of(group));
        }
        TreeMap<String, ScenarioModel> fromMirrors = compile(classes, all.toArray(new String[0]));
        assertThat(fromMirrors).hasSize(6);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                SourceParityTest.class.getClassLoader())) {
            for (ScenarioModel ap : fromMirrors.values()) {
                ScenarioReader.Read read = new ScenarioReader().read(ReflectedClass.of(Class.forName(ap.binaryName(), false,
                        loader)));
                assertWithMessage(read.report().describe()).that(read.model()).isPresent();
                ScenarioModel reflected = read.model().get();
                assertWithMessage(ap.binaryName()).that(withoutSites(reflected)).isEqualTo(withoutSites(ap));
                assertWithMessage(ap.binaryName()).that(outcomes(reflected).size()).isEqualTo(outcomes(ap).size());
                for (int i = 0; i < outcomes(ap).size(); i++) {
                    assertWithMessage(ap.binaryName()).that(outcomes(ap).get(i)).containsAtLeastElementsIn(
                            outcomes(reflected).get(i));
                }
            }
        }
    }
}

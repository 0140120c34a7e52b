package org.locktable.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

import org.junit.jupiter.api.Test;

/** The processor fuzz's judge: each kind of bug it looks for, shown with a processor that has it. */
class ScenarioCompilerTest {
    private static final String SCENARIO = "import org.locktable.dsl.*;\n"
            + "@Scenario(title = \"t\")\n@ExtentLayout(blocks = \"W\")\n@Write(offset = 0, len = 4096)\nclass A {}\n";

    @Test
    void theLocktableProcessorOnAValidScenarioIsNoBug() {
        ScenarioCompiler.Outcome o = new ScenarioCompiler()
                .compile(List.of(new ScenarioCompiler.Source(0, SCENARIO))).get(0);
        assertEquals(List.of(), o.bugs());
        assertEquals(false, o.javacError());
    }

    @Test
    void anExceptionOutOfTheProcessorIsABug() {
        assertBug("javac threw", (m, e) -> {
            throw new NullPointerException("boom");
        });
    }

    @Test
    void anErrorWithoutAnIdIsABug() {
        assertBug("without an LTxxx ID", (m, e) -> m.getMessager().printMessage(Diagnostic.Kind.ERROR, "bad layout", e));
    }

    @Test
    void anErrorAtNoElementIsABug() {
        assertBug("attached to no element",
                (m, e) -> m.getMessager().printMessage(Diagnostic.Kind.ERROR, "[LT010] bad layout"));
    }

    @Test
    void theInternalErrorIsABug() {
        assertBug("internal error",
                (m, e) -> m.getMessager().printMessage(Diagnostic.Kind.ERROR, "[LT001] internal error", e));
    }

    @Test
    void aGeneratedSuiteThatDoesNotCompileIsABug() {
        assertBug("a generated file does not compile", (m, e) -> {
            try (java.io.Writer w = m.getFiler().createSourceFile("fuzz.s7.A_LocktableTest", e).openWriter()) {
                w.write("package fuzz.s7; class A_LocktableTest { int x = \"not an int\"; }");
            } catch (java.io.IOException ex) {
                throw new java.io.UncheckedIOException(ex);
            }
        });
    }

    @Test
    void anErrorWithItsIdAtTheClassIsNoBug() {
        ScenarioCompiler.Outcome o =
                outcome((m, e) -> m.getMessager().printMessage(Diagnostic.Kind.ERROR, "[LT010] bad layout", e));
        assertEquals(List.of(), o.bugs());
        assertEquals(1, o.ltDiagnostics());
    }

    private static void assertBug(String expected, BiConsumer<ProcessingEnvironment, Element> atScenario) {
        List<String> bugs = outcome(atScenario).bugs();
        assertTrue(bugs.size() == 1 && bugs.get(0).contains(expected), bugs::toString);
    }

    private static ScenarioCompiler.Outcome outcome(BiConsumer<ProcessingEnvironment, Element> atScenario) {
        return new ScenarioCompiler(() -> new Faulty(atScenario))
                .compile(List.of(new ScenarioCompiler.Source(7, SCENARIO))).get(7);
    }

    /** Does {@code atScenario} to every {@code @Scenario} class. */
    @SupportedAnnotationTypes("org.locktable.dsl.Scenario")
    private static final class Faulty extends AbstractProcessor {
        private final BiConsumer<ProcessingEnvironment, Element> atScenario;

        Faulty(BiConsumer<ProcessingEnvironment, Element> atScenario) {
            this.atScenario = atScenario;
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            for (TypeElement a : annotations) {
                round.getElementsAnnotatedWith(a).forEach(e -> atScenario.accept(processingEnv, e));
            }
            return false;
        }
    }
}

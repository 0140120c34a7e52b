package org.locktable.benchmarks;

import java.util.Set;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * The floor for any annotation processor over the scenario corpus: it claims the DSL's annotations and does
 * nothing else. What it costs is javac's round machinery alone (every round enters and annotates all
 * compilation units again), which no processor that runs over these classes can avoid.
 */
public final class NoOpScenarioProcessor extends AbstractProcessor {
    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("org.locktable.dsl.*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        return true;
    }
}

package org.locktable.engine.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Detects a build in which the locktable annotation processor never ran — since JDK 23 javac runs no processor
 * it only finds on the class path, and the scenario classes then compile into nothing — and says how to fix it.
 * A consumer module calls {@link #assertSuitesGenerated(Class)} from one ordinary test.
 */
public final class ProcessorGuard {
    static final String SCENARIO = "org.locktable.dsl.Scenario";
    static final String FIX = "name the processor explicitly: in Maven, maven-compiler-plugin <annotationProcessorPaths> with "
            + "org.locktable:locktable-processor (and the same artifact as a provided dependency so the reactor builds it "
            + "first); with plain javac, --processor-path or -proc:full";

    private ProcessorGuard() {
    }

    /**
     * Every {@code @Scenario} class in the class-path entry holding {@code anchor} has its generated
     * {@code _LocktableTest} suite; fails naming the classes without one and the fix.
     */
    public static void assertSuitesGenerated(Class<?> anchor) {
        Path root;
        try {
            root = Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new AssertionError("cannot locate the classes of " + anchor.getName(), e);
        }
        List<String> scenarios = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String name : classNames(root)) {
            Class<?> c = load(name, anchor.getClassLoader());
            if (c == null || !isScenario(c)) {
                continue;
            }
            scenarios.add(name);
            String suite = c.getPackageName().isEmpty() ? "" : c.getPackageName() + ".";
            suite += name.substring(suite.length()).replace('$', '_') + "_LocktableTest";
            if (load(suite, anchor.getClassLoader()) == null) {
                missing.add(name);
            }
        }
        if (!scenarios.isEmpty() && missing.size() == scenarios.size()) {
            throw new AssertionError("the locktable annotation processor did not run: none of the " + scenarios.size()
                    + " @Scenario classes in " + root + " has a generated suite, so no scenario is checked. To fix the build, "
                    + FIX + ".");
        }
        if (!missing.isEmpty()) {
            throw new AssertionError("no generated suite for " + missing + " (was the processor disabled for some sources, "
                    + "or did an earlier compile fail?); " + FIX + ".");
        }
    }

    static boolean isScenario(Class<?> c) {
        for (Annotation a : c.getDeclaredAnnotations()) {
            if (a.annotationType().getName().equals(SCENARIO)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> classNames(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".class"))
                    .map(p -> root.relativize(p).toString().replace('/', '.').replace('\\', '.'))
                    .map(s -> s.substring(0, s.length() - ".class".length()))
                    .filter(s -> !s.endsWith("module-info") && !s.endsWith("package-info"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}

package org.locktable.engine.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Detects a build in which the locktable annotation processor never ran — since JDK 23 javac runs no processor
 * it only finds on the class path, and the scenario classes then compile into nothing — and says how to fix it.
 * A consumer module calls {@link #assertSuitesGenerated(Class)} from one ordinary test. It reads the
 * {@link ScenarioIndex} the processor writes: without one, the processor did not run.
 */
public final class ProcessorGuard {
    static final String FIX = "name the processor explicitly: in Maven, maven-compiler-plugin <annotationProcessorPaths> with "
            + "org.locktable:locktable-processor (and the same artifact as a provided dependency so the reactor builds it "
            + "first); with plain javac, --processor-path or -proc:full";

    private ProcessorGuard() {
    }

    /**
     * The class-path entry holding {@code anchor} has a scenario index, and every scenario class in it has its
     * generated suite; fails naming the classes without one and the fix.
     */
    public static void assertSuitesGenerated(Class<?> anchor) {
        Path root;
        try {
            root = Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new AssertionError("cannot locate the classes of " + anchor.getName(), e);
        }
        Optional<List<ScenarioIndex.Entry>> index;
        try {
            index = ScenarioIndex.read(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (index.isEmpty()) {
            throw new AssertionError("the locktable annotation processor did not run: " + root + " has no scenario index "
                    + ScenarioIndex.RESOURCE + ", so no scenario is checked. To fix the build, " + FIX + ".");
        }
        List<String> missing = new ArrayList<>();
        for (ScenarioIndex.Entry e : index.get()) {
            if (!loads(e.suite(), anchor.getClassLoader())) {
                missing.add(e.scenario());
            }
        }
        if (!missing.isEmpty()) {
            throw new AssertionError("no generated suite for " + missing + " (was the processor disabled for some sources, "
                    + "or did an earlier compile fail?); " + FIX + ".");
        }
    }

    private static boolean loads(String name, ClassLoader loader) {
        try {
            Class.forName(name, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}

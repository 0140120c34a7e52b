package org.locktable.conformance;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.locktable.dsl.Scenario;
import org.locktable.engine.scenario.ScenarioIndex;

/**
 * Finds the scenario classes through the {@link ScenarioIndex} the locktable processor writes beside them: every
 * index on the class path and in any extra directories or jars given. Nothing is hard-coded and nothing is scanned;
 * an extra path without an index was not compiled by the processor and is refused.
 */
public final class ScenarioLibrary {
    private ScenarioLibrary() {
    }

    /** The scenario classes, sorted by name. */
    public static List<Class<?>> discover(List<Path> extra) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (Path p : extra) {
            Path abs = p.toAbsolutePath().normalize();
            if (!Files.exists(abs)) {
                throw new IOException("no scenario library at " + abs);
            }
            if (ScenarioIndex.read(abs).isEmpty()) {
                throw new IOException("no scenario index " + ScenarioIndex.RESOURCE + " in " + abs
                        + ": compile the scenarios with the locktable annotation processor");
            }
            urls.add(url(abs));
        }
        ClassLoader parent = ScenarioLibrary.class.getClassLoader();
        ClassLoader loader = urls.isEmpty() ? parent : new URLClassLoader(urls.toArray(new URL[0]), parent);
        Set<String> names = new TreeSet<>();
        Enumeration<URL> indexes = loader.getResources(ScenarioIndex.RESOURCE);
        while (indexes.hasMoreElements()) {
            for (ScenarioIndex.Entry e : ScenarioIndex.read(indexes.nextElement())) {
                names.add(e.scenario());
            }
        }
        List<Class<?>> out = new ArrayList<>();
        for (String n : names) {
            try {
                Class<?> c = Class.forName(n, false, loader);
                if (c.isAnnotationPresent(Scenario.class)) {
                    out.add(c);
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // listed but not loadable here (a stale index): not a usable scenario
            }
        }
        return out;
    }

    private static URL url(Path p) throws IOException {
        try {
            return p.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IOException(e);
        }
    }
}

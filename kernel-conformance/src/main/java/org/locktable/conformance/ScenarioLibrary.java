package org.locktable.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import org.locktable.dsl.Scenario;

/**
 * Finds the scenario classes — every class annotated {@link Scenario} — on the class path (directories and
 * jars, following manifest {@code Class-Path} entries as surefire's booter jar uses them) and in any extra
 * directories or jars given. Nothing is hard-coded: a class file is loaded only when its bytes mention the
 * {@code @Scenario} annotation's descriptor.
 */
public final class ScenarioLibrary {
    private static final byte[] MARK = "Lorg/locktable/dsl/Scenario;".getBytes(StandardCharsets.US_ASCII);

    private ScenarioLibrary() {
    }

    /** The scenario classes, sorted by name. */
    public static List<Class<?>> discover(List<Path> extra) throws IOException {
        Set<Path> roots = new LinkedHashSet<>();
        for (String e : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
            if (!e.isEmpty()) {
                addRoot(Path.of(e).toAbsolutePath().normalize(), roots);
            }
        }
        List<URL> urls = new ArrayList<>();
        for (Path p : extra) {
            Path abs = p.toAbsolutePath().normalize();
            if (!Files.exists(abs)) {
                throw new IOException("no scenario library at " + abs);
            }
            if (roots.add(abs)) {
                urls.add(url(abs));
            }
        }
        ClassLoader parent = ScenarioLibrary.class.getClassLoader();
        ClassLoader loader = urls.isEmpty() ? parent : new URLClassLoader(urls.toArray(new URL[0]), parent);
        Set<String> names = new TreeSet<>();
        for (Path root : roots) {
            if (Files.isDirectory(root)) {
                scanDirectory(root, names);
            } else if (Files.isRegularFile(root) && root.toString().endsWith(".jar")) {
                scanJar(root, names);
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
                // a class that mentions the descriptor but cannot be loaded here: not a usable scenario
            }
        }
        return out;
    }

    private static void addRoot(Path p, Set<Path> roots) {
        if (!roots.add(p) || !p.toString().endsWith(".jar") || !Files.isRegularFile(p)) {
            return;
        }
        try (JarFile jar = new JarFile(p.toFile())) {
            Manifest m = jar.getManifest();
            String cp = m == null ? null : m.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (cp == null) {
                return;
            }
            for (String entry : cp.trim().split("\\s+")) {
                if (entry.isEmpty()) {
                    continue;
                }
                try {
                    java.net.URI u = p.toUri().resolve(entry);
                    if ("file".equals(u.getScheme())) {
                        addRoot(Path.of(u).toAbsolutePath().normalize(), roots);
                    }
                } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
                    // an entry we cannot resolve: skip it
                }
            }
        } catch (IOException e) {
            // not a readable jar
        }
    }

    private static void scanDirectory(Path root, Set<String> names) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String rel = root.relativize(f).toString().replace(java.io.File.separatorChar, '/');
                if (candidate(rel) && contains(Files.readAllBytes(f))) {
                    names.add(className(rel));
                }
            }
        }
    }

    private static void scanJar(Path jarPath, Set<String> names) {
        try (JarFile jar = new JarFile(jarPath.toFile())) {
            Enumeration<JarEntry> en = jar.entries();
            while (en.hasMoreElements()) {
                JarEntry e = en.nextElement();
                if (!candidate(e.getName())) {
                    continue;
                }
                try (InputStream in = jar.getInputStream(e)) {
                    if (contains(in.readAllBytes())) {
                        names.add(className(e.getName()));
                    }
                }
            }
        } catch (IOException e) {
            // not a readable jar
        }
    }

    private static boolean candidate(String rel) {
        return rel.endsWith(".class") && !rel.endsWith("module-info.class") && !rel.endsWith("package-info.class")
                && !rel.startsWith("META-INF/");
    }

    private static String className(String rel) {
        return rel.substring(0, rel.length() - ".class".length()).replace('/', '.');
    }

    static boolean contains(byte[] bytes) {
        outer:
        for (int i = 0; i + MARK.length <= bytes.length; i++) {
            for (int j = 0; j < MARK.length; j++) {
                if (bytes[i + j] != MARK[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static URL url(Path p) throws IOException {
        try {
            return p.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IOException(e);
        }
    }
}

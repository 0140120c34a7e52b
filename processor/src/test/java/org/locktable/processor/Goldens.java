package org.locktable.processor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import com.google.testing.compile.Compilation;

/**
 * Golden files: every file a compilation generates (sources and resources, not class files) compared as text with
 * {@code src/test/resources/golden/<case>/}. With {@code -Dlocktable.updateGoldens=true} the generated files are
 * written there instead (stale ones removed), to be reviewed with {@code git diff} and committed.
 */
final class Goldens {
    static final String UPDATE_PROPERTY = "locktable.updateGoldens";
    static final String UPDATE_COMMAND = "mvn -o test -pl processor -Dtest=GoldenFilesTest -D" + UPDATE_PROPERTY + "=true";

    private Goldens() {
    }

    static boolean updating() {
        return Boolean.getBoolean(UPDATE_PROPERTY);
    }

    /** The processor module's directory: from the build ({@code locktable.moduleDir}, {@code basedir}) or the working directory. */
    static Path moduleDir() {
        for (String candidate : new String[] {System.getProperty("locktable.moduleDir"), System.getProperty("basedir"),
            System.getProperty("user.dir")}) {
            if (candidate == null) {
                continue;
            }
            Path dir = Paths.get(candidate).toAbsolutePath();
            if (isProcessorModule(dir)) {
                return dir;
            }
            if (isProcessorModule(dir.resolve("processor"))) {
                return dir.resolve("processor");
            }
        }
        throw new IllegalStateException("cannot find the locktable-processor module directory (tried locktable.moduleDir, "
                + "basedir and user.dir); run the tests from Maven");
    }

    private static boolean isProcessorModule(Path dir) {
        Path pom = dir.resolve("pom.xml");
        try {
            return Files.isRegularFile(pom) && Files.readString(pom).contains("<artifactId>locktable-processor</artifactId>");
        } catch (IOException e) {
            return false;
        }
    }

    static Path caseDir(String caseName) {
        return moduleDir().resolve("src/test/resources/golden").resolve(caseName);
    }

    /** {@code SOURCE_OUTPUT/a/B.java} → {@code sources/a/B.java}; {@code CLASS_OUTPUT/x.md} → {@code resources/x.md}. */
    static String goldenName(String generatedPath) {
        if (generatedPath.startsWith("SOURCE_OUTPUT/")) {
            return "sources/" + generatedPath.substring("SOURCE_OUTPUT/".length());
        }
        if (generatedPath.startsWith("CLASS_OUTPUT/")) {
            return "resources/" + generatedPath.substring("CLASS_OUTPUT/".length());
        }
        throw new IllegalArgumentException("unexpected output location: " + generatedPath);
    }

    /** Compares (or, when updating, writes) every generated text file of {@code c} with the case's golden files. */
    static void check(String caseName, Compilation c) {
        TreeMap<String, String> generated = new TreeMap<>();
        for (Map.Entry<String, byte[]> e : Compile.generatedText(c).entrySet()) {
            generated.put(goldenName(e.getKey()), new String(e.getValue(), StandardCharsets.UTF_8));
        }
        Path dir = caseDir(caseName);
        if (updating()) {
            update(dir, generated);
            return;
        }
        TreeMap<String, String> golden = read(dir);
        List<String> problems = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(golden.keySet());
        names.addAll(generated.keySet());
        for (String name : names) {
            Path file = dir.resolve(name);
            String rel = moduleDir().relativize(file).toString();
            if (!generated.containsKey(name)) {
                problems.add(rel + ": golden file, but the processor no longer generates it");
            } else if (!golden.containsKey(name)) {
                problems.add(rel + ": generated, but there is no golden file");
            } else if (!golden.get(name).equals(generated.get(name))) {
                problems.add(rel + ": differs from the generated file\n" + firstDifference(golden.get(name), generated.get(name)));
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionError("golden files of case \"" + caseName + "\" do not match what the processor generates:\n  "
                    + String.join("\n  ", problems) + "\nIf the change is intended, regenerate the golden files with\n  "
                    + UPDATE_COMMAND + "\nand review them with git diff before committing.");
        }
    }

    private static void update(Path dir, Map<String, String> generated) {
        try {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            for (Map.Entry<String, String> e : generated.entrySet()) {
                Path file = dir.resolve(e.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
            }
            System.err.println("[goldens] wrote " + generated.size() + " files to " + dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static TreeMap<String, String> read(Path dir) {
        TreeMap<String, String> out = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(p).toString().replace('\\', '/'), Files.readString(p, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The first differing line of two texts, with its number, both versions shown. */
    static String firstDifference(String golden, String generated) {
        String[] a = golden.split("\n", -1);
        String[] b = generated.split("\n", -1);
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            if (!a[i].equals(b[i])) {
                return "    first difference at line " + (i + 1) + ":\n    golden:    " + a[i] + "\n    generated: " + b[i];
            }
        }
        return "    golden has " + a.length + " lines, generated " + b.length + " (identical up to line " + n + ")";
    }
}

package org.locktable.engine.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The list of scenario classes the locktable processor generated suites for, written beside the classes it
 * compiled (as JMH's {@code BenchmarkList}): one line per scenario class, sorted by its name,
 * {@code scenario<TAB>suite<TAB>tests}, with {@code tests} counting what the suite checks
 * ({@code lock=2 relation=1 rule=0 speedup=0 race=0}). Consumers read it instead of scanning the class path; a class
 * directory or jar without it was not compiled by the processor.
 */
public final class ScenarioIndex {
    /** Where the index is, relative to a class-path root. */
    public static final String RESOURCE = "META-INF/locktable/scenarios.idx";
    private static final String HEADER = "# locktable scenario index: scenario class (binary name), generated suite, "
            + "tests by kind; written by the locktable annotation processor";

    private ScenarioIndex() {
    }

    /** One scenario class and its generated suite; {@code races} counts race expectations (one per policy). */
    public record Entry(String scenario, String suite, int locks, int relations, int rules, int speedups, int races) {
        /** An entry without race expectations. */
        public Entry(String scenario, String suite, int locks, int relations, int rules, int speedups) {
            this(scenario, suite, locks, relations, rules, speedups, 0);
        }

        String line() {
            return scenario + "\t" + suite + "\tlock=" + locks + " relation=" + relations + " rule=" + rules
                    + " speedup=" + speedups + " race=" + races;
        }

        static Entry parse(String line) {
            String[] cols = line.split("\t", -1);
            if (cols.length != 3) {
                throw new IllegalArgumentException("not a scenario index line: " + line);
            }
            int[] n = new int[5];
            String[] kinds = cols[2].split(" ");
            // an index written before races has four counts
            for (int i = 0; i < n.length && i < kinds.length; i++) {
                n[i] = Integer.parseInt(kinds[i].substring(kinds[i].indexOf('=') + 1));
            }
            return new Entry(cols[0], cols[1], n[0], n[1], n[2], n[3], n[4]);
        }
    }

    /** The index text: the header, then the entries sorted by scenario class. */
    public static String format(Collection<Entry> entries) {
        StringBuilder s = new StringBuilder(HEADER).append('\n');
        entries.stream().sorted(java.util.Comparator.comparing(Entry::scenario))
                .forEach(e -> s.append(e.line()).append('\n'));
        return s.toString();
    }

    public static List<Entry> parse(String text) {
        List<Entry> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                out.add(Entry.parse(line));
            }
        }
        return out;
    }

    public static List<Entry> read(URL url) throws IOException {
        try (InputStream in = url.openStream()) {
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** The index of one class-path root, a directory or a jar; empty when it has none. */
    public static Optional<List<Entry>> read(Path root) throws IOException {
        if (Files.isDirectory(root)) {
            Path file = root.resolve(RESOURCE);
            return Files.isRegularFile(file) ? Optional.of(parse(Files.readString(file, StandardCharsets.UTF_8)))
                    : Optional.empty();
        }
        if (!Files.isRegularFile(root)) {
            return Optional.empty();
        }
        try (JarFile jar = new JarFile(root.toFile())) {
            JarEntry e = jar.getJarEntry(RESOURCE);
            if (e == null) {
                return Optional.empty();
            }
            try (InputStream in = jar.getInputStream(e)) {
                return Optional.of(parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            }
        }
    }
}

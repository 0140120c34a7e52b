package org.locktable.engine.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The committed {@code generated-docs/} matches what the bundled policies generate now, byte for byte, and
 * generation is deterministic. A failure names the stale files and the command that refreshes them.
 */
class GeneratedDocsAreFreshTest {
    static final String REFRESH = "bin/locktable docs";
    /** One generation, shared: it is most of this test's time. */
    private static final SortedMap<String, String> GENERATED = DocsGenerator.generate();

    @Test
    void committedDocsMatchTheEngine() throws IOException {
        Path docs = projectRoot().resolve("generated-docs");
        SortedMap<String, String> expected = GENERATED;
        List<String> stale = new ArrayList<>();
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Path file = docs.resolve(e.getKey());
            if (!Files.exists(file)) {
                stale.add(e.getKey() + " (missing)");
            } else if (!Files.readString(file, StandardCharsets.UTF_8).equals(e.getValue())) {
                stale.add(e.getKey() + " (differs)");
            }
        }
        for (String dir : List.of("tables", "diffs")) {
            Path d = docs.resolve(dir);
            if (Files.isDirectory(d)) {
                try (Stream<Path> files = Files.list(d)) {
                    files.map(f -> dir + "/" + f.getFileName()).filter(f -> !expected.containsKey(f)).sorted()
                            .forEach(f -> stale.add(f + " (no longer generated)"));
                }
            }
        }
        if (!stale.isEmpty()) {
            fail("generated-docs/ is stale: " + String.join(", ", stale) + ". Refresh with: " + REFRESH);
        }
    }

    @Test
    void generationIsDeterministic() {
        assertTrue(DocsGenerator.generate().equals(GENERATED), "two generations differ");
    }

    /** The repository root: set by Surefire, else the nearest parent holding the parent POM and generated-docs. */
    static Path projectRoot() {
        String prop = System.getProperty("locktable.projectRoot");
        if (prop != null && Files.isDirectory(Paths.get(prop, "engine"))) {
            return Paths.get(prop);
        }
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("engine"))) {
            p = p.getParent();
        }
        if (p == null) {
            fail("cannot find the repository root from " + Paths.get("").toAbsolutePath());
        }
        return p;
    }
}

package org.locktable.scenarios;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ScenarioPages;

/**
 * The scenario pages committed under {@code generated-docs/scenarios/} are the ones the processor wrote in this
 * build (its one page bundle, {@link ScenarioPages}), byte for byte; a failure names the stale pages and the refresh command.
 */
class ScenarioDocsAreFreshTest {
    @Test
    void committedScenarioPagesMatchThisBuild() throws IOException, URISyntaxException {
        URL bundle = ScenarioDocsAreFreshTest.class.getResource("/" + ScenarioPages.RESOURCE);
        if (bundle == null) {
            fail("the processor wrote no " + ScenarioPages.RESOURCE + ": did it run? (see ProcessorRanTest)");
        }
        SortedMap<String, byte[]> builtPages = ScenarioPages.parse(Files.readAllBytes(Paths.get(bundle.toURI())));
        Path committed = projectRoot().resolve("generated-docs/scenarios");
        TreeMap<String, Path> committedPages = pages(committed);
        List<String> stale = new ArrayList<>();
        for (String page : builtPages.keySet()) {
            Path c = committedPages.get(page);
            if (c == null) {
                stale.add(page + " (missing)");
            } else if (!Arrays.equals(Files.readAllBytes(c), builtPages.get(page))) {
                stale.add(page + " (differs)");
            }
        }
        for (String page : committedPages.keySet()) {
            if (!builtPages.containsKey(page)) {
                stale.add(page + " (no longer generated)");
            }
        }
        if (!stale.isEmpty()) {
            fail("generated-docs/scenarios is stale: " + String.join(", ", stale) + ". Refresh with: bin/locktable docs");
        }
    }

    private static TreeMap<String, Path> pages(Path dir) throws IOException {
        TreeMap<String, Path> out = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(Files::isRegularFile)
                    .forEach(f -> out.put(dir.relativize(f).toString().replace('\\', '/'), f));
        }
        return out;
    }

    static Path projectRoot() {
        String prop = System.getProperty("locktable.projectRoot");
        if (prop != null && Files.isDirectory(Paths.get(prop, "generated-docs"))) {
            return Paths.get(prop);
        }
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("generated-docs"))) {
            p = p.getParent();
        }
        if (p == null) {
            fail("cannot find the repository root (a directory with generated-docs/) from " + Paths.get("").toAbsolutePath());
        }
        return p;
    }
}

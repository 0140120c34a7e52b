package org.locktable.engine.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.engine.scenario.ScenarioPages;

/** {@code locktable docs --scenarios} unpacks the processor's one page bundle: new and changed pages written, stale ones deleted. */
class ScenarioPagesMirrorTest {
    @Test
    void theBundleIsUnpackedIntoScenariosAndStalePagesAreDeleted(@TempDir Path tmp) throws IOException {
        Path bundle = tmp.resolve("scenarios.pages");
        Files.writeString(bundle, ScenarioPages.format(Map.of("index.md", "# Scenarios\n", "org/x/A.md", "# A ✓\n")));
        Path docs = tmp.resolve("docs");
        Files.createDirectories(docs.resolve("scenarios/org/x"));
        Files.writeString(docs.resolve("scenarios/index.md"), "# Scenarios\n");
        Files.writeString(docs.resolve("scenarios/org/x/Gone.md"), "# gone\n");

        List<String> changed = DocsGenerator.mirrorScenarioPages(bundle, docs);

        assertEquals(List.of("scenarios/org/x/Gone.md (deleted)", "scenarios/org/x/A.md"), changed);
        assertEquals("# A ✓\n", Files.readString(docs.resolve("scenarios/org/x/A.md")));
        assertFalse(Files.exists(docs.resolve("scenarios/org/x/Gone.md")));
        assertEquals(List.of(), DocsGenerator.mirrorScenarioPages(bundle, docs));
    }
}

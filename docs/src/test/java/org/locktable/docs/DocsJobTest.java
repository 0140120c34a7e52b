package org.locktable.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the docs job renders and when it skips: on the scenario pages' section, the one that costs nothing to render
 * (the bundled sections' bytes are checked against generated-docs/ by the cli's TablesTest and, for
 * timing-validation.md, by timing-calibration's TimingValidationTest).
 */
class DocsJobTest {
    @TempDir
    Path dir;

    @Test
    void theSectionsInTheOrderTheyAreWrittenAndWhatEachOwns() {
        assertEquals(List.of("tables", "timing-validation", "safety", "history", "findings", "scenarios"),
                DocsJob.sectionNames());
        assertEquals(List.of(List.of("tables", "diffs", "engine.md"), List.of("timing-validation.md"),
                List.of("safety.md"), List.of("history.md"), List.of("findings")),
                Sections.bundled().stream().map(Section::owns).toList());
    }

    @Test
    void aSectionIsRenderedAgainOnlyWhenItsInputsOrItsOwnFilesChanged() throws IOException {
        Path pages = dir.resolve("pages");
        Files.createDirectories(pages.resolve("org/example"));
        Files.writeString(pages.resolve("index.md"), "# Scenarios\n");
        Files.writeString(pages.resolve("org/example/A.md"), "# A\n");
        Path out = dir.resolve("out");

        DocsJob.Result first = run(pages, out, false);
        assertEquals(List.of("scenarios/index.md", "scenarios/org/example/A.md"), first.written().stream().sorted()
                .toList());
        assertTrue(first.sections().get(0).startsWith("scenarios: rendered in "), first.sections().toString());

        DocsJob.Result again = run(pages, out, false);
        assertEquals(List.of("scenarios: up to date"), again.sections());

        Files.writeString(out.resolve("scenarios/org/example/A.md"), "# edited by hand\n");
        DocsJob.Result restored = run(pages, out, false);
        assertEquals(List.of("scenarios/org/example/A.md"), restored.written(), "an edited output is rewritten");
        assertEquals("# A\n", Files.readString(out.resolve("scenarios/org/example/A.md")));

        Files.writeString(pages.resolve("org/example/A.md"), "# A, revised\n");
        assertEquals(List.of("scenarios/org/example/A.md"), run(pages, out, false).written(), "an edited input");

        DocsJob.Result forced = run(pages, out, true);
        assertTrue(forced.sections().get(0).startsWith("scenarios: rendered in "), "force renders: " + forced);
        assertEquals(List.of(), forced.written(), "and writes nothing whose bytes are right");
    }

    @Test
    void anUnknownSectionOrPagesWithoutAFileAreRefusedBeforeAnythingIsWritten() {
        Path out = dir.resolve("out");
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> DocsJob.run(out, null, Set.of("timing"), false, line -> { }));
        assertEquals("no section \"timing\": the sections are tables, timing-validation, safety, history, findings, "
                + "scenarios", unknown.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> DocsJob.run(out, null, Set.of("scenarios"), false, line -> { }));
        assertTrue(Files.notExists(out));
    }

    private static DocsJob.Result run(Path pages, Path out, boolean force) {
        return DocsJob.run(out, pages, Set.of("scenarios"), force, line -> { });
    }
}

package org.locktable.docs;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.locktable.calibration.report.TimingValidation;
import org.locktable.concurrency.history.HistoryReport;
import org.locktable.concurrency.safety.SafetyReport;
import org.locktable.engine.docs.DocsGenerator;

/** The sections of generated-docs/ that {@code locktable docs} renders, and what each is made from. */
final class Sections {
    private static final String ENGINE = "org/locktable/engine/";
    private static final String TIMING = "org/locktable/timing/";
    private static final String CONCURRENCY = "org/locktable/concurrency/";
    private static final String DOCS = "org/locktable/docs/";

    /** The scenario pages' section: only there when pages are given. */
    static final String SCENARIOS = "scenarios";

    private Sections() {
    }

    /** Every section's name, in the order they are written. */
    static List<String> names() {
        List<String> names = new ArrayList<>(bundled().stream().map(Section::name).toList());
        names.add(SCENARIOS);
        return names;
    }

    /** The bundled ones, in the order they are written. */
    static List<Section> bundled() {
        return List.of(
                new Section("tables", List.of(ENGINE, DOCS), List.of(),
                        List.of("tables", "diffs", "engine.md"), DocsGenerator::writeTo),
                new Section("timing-validation", List.of(ENGINE, TIMING, "org/locktable/calibration/", DOCS),
                        List.of(), List.of("timing-validation.md"),
                        dir -> file(dir, "timing-validation.md", TimingValidation.report())),
                new Section("safety", List.of(ENGINE, CONCURRENCY, TIMING, DOCS), List.of(),
                        List.of("safety.md"),
                        dir -> file(dir, "safety.md", SafetyReport.render(SafetyFixCost.simulate()))),
                new Section("history", List.of(ENGINE, CONCURRENCY, DOCS), List.of("data/history-live.tsv"),
                        List.of("history.md"), dir -> file(dir, "history.md",
                                HistoryReport.render(HistoryReport.run(), read(dir.resolve("data/history-live.tsv"))))),
                new Section("findings", List.of(ENGINE, CONCURRENCY, TIMING, "org/locktable/replay/",
                        "org/locktable/matrix/patches/", DOCS),
                        List.of("data/race-replay.tsv", "data/race-replay-kernels", "data/findings-repro.tsv"),
                        List.of("findings"), Findings::writeTo));
    }

    /** The annotation processor's pages ({@code --scenarios}), mirrored into scenarios/. */
    static Section scenarioPages(Path pages) {
        return new Section(SCENARIOS, List.of(ENGINE, DOCS), List.of(pages.toAbsolutePath().toString()),
                List.of("scenarios"), dir -> DocsGenerator.mirrorScenarioPages(pages, dir));
    }

    private static List<String> file(Path dir, String name, String content) {
        List<String> written = new ArrayList<>();
        if (DocFiles.writeIfChanged(dir.resolve(name), content.getBytes(StandardCharsets.UTF_8))) {
            written.add(name);
        }
        return written;
    }

    private static String read(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + file, e);
        }
    }
}

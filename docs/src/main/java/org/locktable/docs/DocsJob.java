package org.locktable.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code locktable docs}: renders generated-docs/ section by section. A section whose code, data and own files are as
 * they were when it last wrote them is skipped; {@code force} renders every section. Files are only written when their
 * bytes change either way.
 */
public final class DocsJob {
    /** What one run did: the paths written or deleted, relative to the directory, and a line per section. */
    public record Result(List<String> written, List<String> sections) {
    }

    private DocsJob() {
    }

    /** What to render. */
    public enum Scope {
        /** The bundled sections, and the scenario pages when they are given. */
        ALL,
        /** Only the scenario pages given: a user's own project's. */
        PAGES_ONLY
    }

    /**
     * Renders the bundled sections and, with {@code scenarioPages} (the processor's bundle or a directory of pages),
     * the scenario pages, into {@code dir}; {@code progress} hears a line per section as it ends.
     */
    public static Result run(Path dir, Path scenarioPages, Scope scope, boolean force, Consumer<String> progress) {
        List<Section> sections = new ArrayList<>(scope == Scope.ALL ? Sections.bundled() : List.of());
        if (scenarioPages != null) {
            sections.add(Sections.scenarioPages(scenarioPages));
        }
        Stamps stamps = Stamps.of(dir);
        List<String> written = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (Section s : sections) {
            long start = System.nanoTime();
            String inputs = s.inputs(dir).hex();
            String line;
            if (!force && stamps.upToDate(s.name(), inputs, s.outputs(dir))) {
                line = s.name() + ": up to date";
            } else {
                List<String> mine = s.writer().write(dir);
                written.addAll(mine);
                stamps.record(s.name(), inputs, s.outputs(dir));
                line = String.format(java.util.Locale.ROOT, "%s: rendered in %.1f s, %d file%s written", s.name(),
                        (System.nanoTime() - start) / 1e9, mine.size(), mine.size() == 1 ? "" : "s");
            }
            lines.add(line);
            progress.accept(line);
        }
        return new Result(written, lines);
    }
}

package org.locktable.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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

    /** The names of the sections, in the order they are written; the last, the scenario pages, needs pages. */
    public static List<String> sectionNames() {
        return Sections.names();
    }

    /**
     * Renders the sections named in {@code only} (every section when it is empty) into {@code dir}: the bundled ones
     * and, with {@code scenarioPages} (the processor's bundle or a directory of pages), the scenario pages;
     * {@code progress} hears a line per section as it ends.
     *
     * @throws IllegalArgumentException when {@code only} names a section that does not exist, or the scenario pages
     *                                  without {@code scenarioPages}
     */
    public static Result run(Path dir, Path scenarioPages, Set<String> only, boolean force, Consumer<String> progress) {
        for (String name : only) {
            if (!Sections.names().contains(name)) {
                throw new IllegalArgumentException("no section \"" + name + "\": the sections are "
                        + String.join(", ", Sections.names()));
            }
        }
        if (only.contains(Sections.SCENARIOS) && scenarioPages == null) {
            throw new IllegalArgumentException("the section \"" + Sections.SCENARIOS + "\" mirrors the pages "
                    + "--scenarios names: give --scenarios FILE|DIR");
        }
        List<Section> sections = new ArrayList<>(Sections.bundled());
        if (scenarioPages != null) {
            sections.add(Sections.scenarioPages(scenarioPages));
        }
        sections.removeIf(s -> !only.isEmpty() && !only.contains(s.name()));
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

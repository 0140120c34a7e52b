package org.locktable.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import org.locktable.docs.DocsJob;
import org.locktable.docs.LiveConformance;
import org.locktable.engine.table.TableConflictException;
import org.locktable.rig.EnvironmentException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable docs}: regenerates the committed {@code generated-docs/}. */
@Command(name = "docs", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Regenerate the committed documents (generated-docs/).",
        description = {"Regenerates the committed documents from the bundled policies: a minimised decision table per "
                + "policy (tables/), the seed diffs (diffs/), an index (engine.md), the timing model's validation "
                + "(timing-validation.md), the race model's safety tables and findings (safety.md) and the known races of ext4's and "
                + "XFS's history under their era policies (history.md), the findings (findings/). Each section is "
                + "rendered only when the code or the data it is made from, or the files it owns, changed since it last "
                + "wrote them (state under ~/.cache/locktable/docs; --force renders all); files whose content is already "
                + "right are left untouched. The files written are listed on standard output, a line per section on "
                + "standard error.",
            "Without --out the documents go to generated-docs/ of the repository when run through bin/locktable "
                + "(which sets LOCKTABLE_ROOT), else to generated-docs/ of the working directory.",
            "conformance.md, the live-kernel report, is rewritten only with --conformance: it grades the engine "
                + "against the running kernel on loop devices (root, about a minute; see locktable kernel grade), then appends the "
                + "race-probe section: final lock, drain and FORCE_WAIT seen live below the reordering device (FUSE), and "
                + "the privilege section: set-id files written by root and by an unprivileged caller."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: the documents are up to date",
            "1: --conformance found a disagreement or the run failed (the other documents are not written)",
            "2: the output directory cannot be written", "3: --conformance cannot run on this machine",
            "70: internal error"})
final class DocsCommand implements Callable<Integer> {
    /** Set by {@code bin/locktable} to the repository root. */
    static final String ROOT_VARIABLE = "LOCKTABLE_ROOT";

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write (default: generated-docs).")
    String out;

    @Option(names = "--scenarios", paramLabel = "FILE|DIR", description = "The scenario pages the annotation "
            + "processor wrote, as its one bundle (scenarios-module/target/test-classes/locktable/scenarios.pages, "
            + "which bin/locktable docs builds first) or a directory of pages; mirrored into scenarios/.")
    String scenarios;

    @Option(names = "--pages-only", description = "Only mirror the pages given with --scenarios (your own scenario "
            + "project's target/test-classes/locktable/scenarios.pages) into --out; seconds. The same as "
            + "--section scenarios.")
    boolean pagesOnly;

    @Option(names = "--section", paramLabel = "NAME", split = ",", description = "Render only these sections "
            + "(repeatable, or comma-separated): tables, timing-validation, safety, history, findings, scenarios "
            + "(the pages of --scenarios). The rest are left as they are.")
    List<String> sections = new ArrayList<>();

    @Option(names = "--force", description = "Render every section, even those whose code, data and files are "
            + "unchanged since they were last written.")
    boolean force;

    @Option(names = "--conformance", description = "Also grade the engine against the running kernel and rewrite "
            + "conformance.md (root and loop devices; about a minute).")
    boolean conformance;

    @Override
    public Integer call() throws CliException, EngineLimitException, EnvironmentException {
        Path dir = outputDirectory();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new CliException("cannot write documents to \"" + dir + "\": it is not a directory");
        }
        Path pages = scenarioPages();
        if (pagesOnly && pages == null) {
            throw new CliException("--pages-only mirrors the pages --scenarios names: give --scenarios FILE|DIR");
        }
        Set<String> only = new TreeSet<>(sections);
        if (pagesOnly) {
            only.add("scenarios");
        }
        for (String name : only) {
            if (!DocsJob.sectionNames().contains(name)) {
                throw new CliException("--section " + name + ": no such section; the sections are "
                        + String.join(", ", DocsJob.sectionNames()));
            }
        }
        if (only.contains("scenarios") && pages == null) {
            throw new CliException("--section scenarios mirrors the pages --scenarios names: give --scenarios FILE|DIR");
        }
        PrintWriter err = spec.commandLine().getErr();
        if (conformance) {
            try {
                int status = LiveConformance.write(dir.resolve("conformance.md"),
                        new PrintStream(System.err, true, StandardCharsets.UTF_8), err);
                if (status != LiveConformance.AGREE) {
                    return status;
                }
            } catch (java.io.IOException e) {
                throw new CliException("cannot write " + dir.resolve("conformance.md") + ": " + Main.oneLine(e.getMessage()));
            }
        }
        DocsJob.Result result;
        try {
            result = DocsJob.run(dir, pages, only, force, line -> {
                err.println("docs: " + line);
                err.flush();
            });
        } catch (UncheckedIOException e) {
            throw new CliException(Main.oneLine(e.getMessage()) + ": " + ioReason(e));
        } catch (TableConflictException e) {
            throw new EngineLimitException("cannot generate the documents: " + e.getMessage());
        }
        PrintWriter o = spec.commandLine().getOut();
        List<String> changed = result.written();
        for (String path : changed) {
            o.println("wrote " + dir.resolve(path));
        }
        o.println(changed.isEmpty() ? dir + ": every document is up to date"
                : dir + ": " + changed.size() + " document" + (changed.size() == 1 ? "" : "s") + " written");
        return Main.EXIT_OK;
    }

    private Path scenarioPages() throws CliException {
        if (scenarios == null) {
            return null;
        }
        Path pages = Path.of(scenarios);
        if (!Files.isDirectory(pages) && !Files.isRegularFile(pages)) {
            throw new CliException("no scenario pages at \"" + pages + "\": build them with "
                    + "mvn -pl scenarios-module -am test-compile");
        }
        return pages;
    }

    /** generated-docs/ under {@code $LOCKTABLE_ROOT} (bin/locktable sets it), else of the working directory. */
    static Path defaultDirectory() {
        String root = System.getenv(ROOT_VARIABLE);
        return root != null && !root.isEmpty() ? Path.of(root, "generated-docs") : Path.of("generated-docs");
    }

    private Path outputDirectory() throws CliException {
        try {
            return out != null ? Path.of(out) : defaultDirectory();
        } catch (InvalidPathException e) {
            throw new CliException("bad --out directory: " + e.getMessage());
        }
    }

    private static String ioReason(UncheckedIOException e) {
        Throwable cause = e.getCause();
        if (cause instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (cause instanceof java.nio.file.FileSystemException) {
            String reason = ((java.nio.file.FileSystemException) cause).getReason();
            if (reason != null) {
                return reason;
            }
        }
        return cause == null ? "I/O error" : cause.getClass().getSimpleName() + " " + Main.oneLine(cause.getMessage());
    }
}

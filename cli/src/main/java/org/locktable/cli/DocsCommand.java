package org.locktable.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.calibration.report.TimingValidation;
import org.locktable.concurrency.history.HistoryReport;
import org.locktable.concurrency.safety.SafetyReport;
import org.locktable.conformance.Conformance;
import org.locktable.conformance.ConformanceConsole;
import org.locktable.conformance.PrivilegePass;
import org.locktable.conformance.PrivilegeReport;
import org.locktable.conformance.Rig;
import org.locktable.engine.docs.DocsGenerator;
import org.locktable.engine.table.TableConflictException;
import org.locktable.replay.LockProbeRun;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Progress;

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
                + "XFS's history under their era policies (history.md). Files whose "
                + "content is already right are left untouched; the files written are listed on standard output.",
            "Without --out the documents go to generated-docs/ of the repository when run through bin/locktable "
                + "(which sets LOCKTABLE_ROOT), else to generated-docs/ of the working directory.",
            "conformance.md, the live-kernel report, is rewritten only with --conformance: it grades the engine "
                + "against the running kernel on loop devices (root, about a minute; see locktable conformance), then appends the "
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

    private static String safetyReport;

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write (default: generated-docs).")
    String out;

    @Option(names = "--scenarios", paramLabel = "FILE|DIR", description = "The scenario pages the annotation "
            + "processor wrote, as its one bundle (scenarios-module/target/test-classes/locktable/scenarios.pages, "
            + "which bin/locktable docs builds first) or a directory of pages; mirrored into scenarios/.")
    String scenarios;

    @Option(names = "--conformance", description = "Also grade the engine against the running kernel and rewrite "
            + "conformance.md (root and loop devices; about a minute).")
    boolean conformance;

    @Override
    public Integer call() throws CliException, EngineLimitException {
        Path dir = outputDirectory();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new CliException("cannot write documents to \"" + dir + "\": it is not a directory");
        }
        if (conformance) {
            int status = gradeTheRunningKernel(dir.resolve("conformance.md"));
            if (status != Main.EXIT_OK) {
                return status;
            }
        }
        List<String> changed;
        try {
            changed = new java.util.ArrayList<>(DocsGenerator.writeTo(dir));
            if (writeIfChanged(dir.resolve("timing-validation.md"), TimingValidation.report())) {
                changed.add("timing-validation.md");
            }
            if (writeIfChanged(dir.resolve("safety.md"), safetyReport())) {
                changed.add("safety.md");
            }
            Path live = dir.resolve("data/history-live.tsv");
            String liveTsv = Files.exists(live) ? readLive(live) : "";
            if (writeIfChanged(dir.resolve("history.md"), HistoryReport.render(HistoryReport.run(), liveTsv))) {
                changed.add("history.md");
            }
            changed.addAll(Findings.writeTo(dir));
            if (scenarios != null) {
                Path pages = Path.of(scenarios);
                if (!Files.isDirectory(pages) && !Files.isRegularFile(pages)) {
                    throw new CliException("no scenario pages at \"" + pages + "\": build them with "
                            + "mvn -pl scenarios-module -am test-compile");
                }
                changed.addAll(DocsGenerator.mirrorScenarioPages(pages, dir));
            }
        } catch (UncheckedIOException e) {
            throw new CliException(Main.oneLine(e.getMessage()) + ": " + ioReason(e));
        } catch (TableConflictException e) {
            throw new EngineLimitException("cannot generate the documents: " + e.getMessage());
        }
        PrintWriter o = spec.commandLine().getOut();
        for (String path : changed) {
            o.println("wrote " + dir.resolve(path));
        }
        o.println(changed.isEmpty() ? dir + ": every document is up to date"
                : dir + ": " + changed.size() + " document" + (changed.size() == 1 ? "" : "s") + " written");
        return Main.EXIT_OK;
    }

    /** {@code locktable conformance --report FILE}, its console output on standard error (standard output lists files). */
    private int gradeTheRunningKernel(Path report) throws CliException {
        PrintStream console = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        try {
            Files.createDirectories(report.getParent());
        } catch (java.io.IOException e) {
            throw new CliException("cannot write " + report + ": " + Main.oneLine(e.getMessage()));
        }
        int status = ConformanceCommand.run("docs --conformance", Conformance.Options.of(List.of(), false, true,
                List.of()), report, console, console, spec.commandLine().getErr());
        if (status == ConformanceConsole.DISAGREE) {
            spec.commandLine().getErr().println("locktable: the conformance run found a disagreement or failed; see above");
        }
        status = status == Main.EXIT_OK ? appendLockProbe(report) : status;
        return status == Main.EXIT_OK ? appendPrivilege(report) : status;
    }

    /** The privilege pass (root and an unprivileged caller on set-id files) appended last. */
    private int appendPrivilege(Path report) throws CliException {
        PrintWriter err = spec.commandLine().getErr();
        try (Rig rig = Rig.create()) {
            PrivilegePass.Result r = PrivilegePass.run(rig, Progress.onStderr("probes"));
            String before = Files.readString(report, StandardCharsets.UTF_8);
            Files.writeString(report, before + (before.endsWith("\n") ? "\n" : "\n\n") + PrivilegeReport.markdown(r),
                    StandardCharsets.UTF_8);
            if (!r.agree()) {
                PrivilegeReport.disagreements(r).forEach(line -> err.println("locktable: privilege: " + line));
                return ConformanceConsole.DISAGREE;
            }
            return Main.EXIT_OK;
        } catch (EnvironmentException e) {
            err.println("locktable: " + EnvironmentException.cannotRun("docs --conformance", e.getMessage()));
            return EnvironmentException.EXIT_CODE;
        } catch (java.io.IOException e) {
            throw new CliException("cannot append the privilege section to " + report + ": " + Main.oneLine(e.getMessage()));
        }
    }

    /** The race-probe section (final lock, drain, FORCE_WAIT seen live) appended after the NOWAIT pass. */
    private int appendLockProbe(Path report) throws CliException {
        PrintWriter err = spec.commandLine().getErr();
        try {
            LockProbeRun.Report probe = LockProbeRun.run(0, new PrintWriter(System.err, true, StandardCharsets.UTF_8));
            String before = Files.readString(report, StandardCharsets.UTF_8);
            Files.writeString(report, before + (before.endsWith("\n") ? "\n" : "\n\n") + probe.markdown(),
                    StandardCharsets.UTF_8);
            if (!probe.agree()) {
                err.println("locktable: race-probe found a disagreement; see " + report);
                return ConformanceConsole.DISAGREE;
            }
            return Main.EXIT_OK;
        } catch (EnvironmentException e) {
            err.println("locktable: " + EnvironmentException.cannotRun("docs --conformance", e.getMessage()));
            return EnvironmentException.EXIT_CODE;
        } catch (java.io.IOException e) {
            throw new CliException("cannot append the race-probe section to " + report + ": " + Main.oneLine(e.getMessage()));
        }
    }

    /** Built-in policies and bundled workloads only, so one JVM (the tests run docs several times) computes it once. */
    private static synchronized String safetyReport() {
        if (safetyReport == null) {
            safetyReport = SafetyReport.render(SafetyFixCost.simulate());
        }
        return safetyReport;
    }

    private static String readLive(Path live) {
        try {
            return Files.readString(live, StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException("cannot read " + live, e);
        }
    }

    /** The timing model's published cells, predictions and withheld-cell predictions (deterministic). */
    private static boolean writeIfChanged(Path file, String content) {
        try {
            byte[] bytes = content.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            if (Files.exists(file) && java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
                return false;
            }
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
            return true;
        } catch (java.io.IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** generated-docs/ under {@code $LOCKTABLE_ROOT} (bin/locktable sets it), else of the working directory. */
    static Path defaultDirectory() {
        String root = System.getenv(ROOT_VARIABLE);
        return root != null && !root.isEmpty() ? Path.of(root, "generated-docs") : Path.of("generated-docs");
    }

    private Path outputDirectory() throws CliException {
        try {
            if (out != null) {
                return Path.of(out);
            }
            String root = System.getenv(ROOT_VARIABLE);
            return root != null && !root.isEmpty() ? Path.of(root, "generated-docs") : Path.of("generated-docs");
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

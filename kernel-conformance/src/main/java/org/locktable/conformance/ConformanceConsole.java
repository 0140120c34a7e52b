package org.locktable.conformance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Progress;

/**
 * A live run as {@code locktable kernel grade} makes it: sets up the {@link Rig}, runs with the progress display,
 * writes the Markdown report, and prints the per-file-system summary and every disagreement with its witness.
 */
public final class ConformanceConsole {
    /** Exit status: the kernel and the engine agree everywhere. */
    public static final int AGREE = 0;
    /** Exit status: a disagreement, a probe that changed its file, or a run that failed. */
    public static final int DISAGREE = 1;

    private ConformanceConsole() {
    }

    /**
     * Runs {@code options} and writes the report to {@code report} (when not null); returns the exit status. An
     * {@link EnvironmentException} means that this machine cannot run it; another IOException that the run failed.
     */
    public static int run(Conformance.Options options, Path report, PrintStream out, PrintStream err)
            throws IOException {
        return run(options, report, out, err, console -> Rig.create());
    }

    /** The same on the target {@code opener} sets up (a kernel booted in a virtual machine). */
    public static int run(Conformance.Options options, Path report, PrintStream out, PrintStream err,
            ProbeTarget.Opener opener) throws IOException {
        return finish(runReport(options, out, opener), report, out, err);
    }

    /** Runs {@code options} on the target {@code opener} sets up and returns the report; the wall time in its note. */
    public static ConformanceReport runReport(Conformance.Options options, PrintStream out, ProbeTarget.Opener opener)
            throws IOException {
        long t0 = System.nanoTime();
        ConformanceReport r;
        try (ProbeTarget.Session rig = opener.open(out); Progress progress = Progress.onStderr("probes")) {
            r = Conformance.run(rig, options, progress, out);
        }
        out.printf(Locale.ROOT, "wall time %.1f s%n", (System.nanoTime() - t0) / 1e9);
        return r;
    }

    /** Writes the report (when {@code report} is not null), prints the summary and the disagreements; the exit status. */
    public static int finish(ConformanceReport r, Path report, PrintStream out, PrintStream err) throws IOException {
        if (report != null) {
            write(report, ReportWriter.markdown(r));
        }
        summary(r, out);
        if (report != null) {
            out.println("report: " + report);
        }
        if (r.disagreements() > 0 || r.anomalies() > 0) {
            for (String d : r.disagreementTexts()) {
                err.println(d);
            }
            err.println("conformance: " + r.disagreements() + " disagreement(s), " + r.anomalies() + " anomal(ies)");
            return DISAGREE;
        }
        return AGREE;
    }

    /** One line per pass and file system (cases, realised, agreed, ...), then the scenario replay's count. */
    public static void summary(ConformanceReport r, PrintStream out) {
        for (PassResult p : r.passes()) {
            if (p.skipped() != null) {
                out.println("pass " + p.pass().id() + " not run: " + p.skipped());
            }
            for (FsResult f : p.results()) {
                out.printf(Locale.ROOT, "%-4s %-9s %-8s cases %d realised %d agreed %d disagreed %d not realisable %d%n",
                        p.pass().id(), f.spec().label(), f.policy(), f.cases(), f.realised(), f.agreed(), f.disagreed(),
                        f.notRealisableCases());
            }
        }
        long agree = 0;
        long other = 0;
        for (ScenarioLine l : r.scenarios()) {
            if (l.verdict() == ScenarioLine.Verdict.AGREE) {
                agree++;
            } else {
                other++;
            }
        }
        out.println("scenarios: " + r.scenarios().size() + " lines, " + agree + " agree, " + other + " other"
                + (r.scenarioNote() != null ? " (" + r.scenarioNote() + ")" : ""));
    }

    private static void write(Path report, String md) throws IOException {
        try {
            Path parent = report.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(report, md, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException("cannot write " + report + ": " + e.getMessage(), e);
        }
    }
}

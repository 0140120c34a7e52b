package org.locktable.conformance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ConformanceMain [--report PATH] [--quick] [--pass 4k|4kn|1k]... [--scenarios DIR|JAR]... [--no-scenarios]}
 *
 * <p>Runs the live conformance as root and writes the Markdown report. Exit status: 0 when the kernel and the
 * engine agree everywhere, 1 on a disagreement (or a probe that changed its file), 2 on a usage error, 3 when
 * the machine cannot run it (not root, no loop devices, no mkfs, no C compiler).
 */
public final class ConformanceMain {
    private ConformanceMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Path report = null;
        boolean quick = false;
        boolean scenarios = true;
        List<Pass> passes = new ArrayList<>();
        List<Path> scenarioPaths = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            try {
                switch (a) {
                    case "--report":
                        report = Path.of(value(args, ++i, a));
                        break;
                    case "--quick":
                        quick = true;
                        break;
                    case "--pass":
                        passes.add(Pass.byId(value(args, ++i, a)));
                        break;
                    case "--scenarios":
                        scenarioPaths.add(Path.of(value(args, ++i, a)));
                        break;
                    case "--no-scenarios":
                        scenarios = false;
                        break;
                    case "-h":
                    case "--help":
                        out.println(usage());
                        return 0;
                    default:
                        err.println("conformance: unknown argument \"" + a + "\"\n" + usage());
                        return 2;
                }
            } catch (IllegalArgumentException e) {
                err.println("conformance: " + e.getMessage() + "\n" + usage());
                return 2;
            }
        }
        if (passes.isEmpty()) {
            passes.addAll(quick ? List.of(Pass.quick()) : Pass.full());
        }
        if (scenarioPaths.isEmpty()) {
            scenarioPaths.addAll(defaultScenarioPaths());
        }
        Conformance.Options options = new Conformance.Options(passes, scenarios, scenarioPaths, quick);
        long t0 = System.nanoTime();
        ConformanceReport r;
        try (Rig rig = Rig.create(); Progress progress = Progress.onTerminal()) {
            r = Conformance.run(rig, options, progress, out);
        } catch (EnvironmentException e) {
            err.println("conformance: this machine cannot run the live conformance: " + e.getMessage());
            return 3;
        } catch (IOException | RuntimeException e) {
            err.println("conformance: " + e);
            e.printStackTrace(err);
            return 1;
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        String md = ReportWriter.markdown(r);
        if (report != null) {
            try {
                Path parent = report.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(report, md, StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("conformance: cannot write " + report + ": " + e.getMessage());
                return 1;
            }
        }
        summary(r, out);
        out.printf(java.util.Locale.ROOT, "wall time %.1f s%s%n", secs, report != null ? "; report: " + report : "");
        if (r.disagreements() > 0 || r.anomalies() > 0) {
            for (String d : r.disagreementTexts()) {
                err.println(d);
            }
            err.println("conformance: " + r.disagreements() + " disagreement(s), " + r.anomalies() + " anomal(ies)");
            return 1;
        }
        return 0;
    }

    static void summary(ConformanceReport r, PrintStream out) {
        for (PassResult p : r.passes()) {
            if (p.skipped() != null) {
                out.println("pass " + p.pass().id() + " not run: " + p.skipped());
            }
            for (FsResult f : p.results()) {
                out.printf(java.util.Locale.ROOT, "%-4s %-9s %-8s cases %d realised %d agreed %d disagreed %d not realisable %d%n",
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

    /** {@code scenarios-module/target/test-classes} under {@code $LOCKTABLE_ROOT} or the working directory, if built. */
    static List<Path> defaultScenarioPaths() {
        List<Path> out = new ArrayList<>();
        List<Path> roots = new ArrayList<>();
        String root = System.getenv("LOCKTABLE_ROOT");
        if (root != null && !root.isEmpty()) {
            roots.add(Path.of(root));
        }
        roots.add(Path.of("").toAbsolutePath());
        roots.add(Path.of("..").toAbsolutePath().normalize());
        for (Path r : roots) {
            Path p = r.resolve("scenarios-module/target/test-classes");
            if (Files.isDirectory(p)) {
                out.add(p);
                break;
            }
        }
        return out;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    static String usage() {
        return "usage: ConformanceMain [--report PATH] [--quick] [--pass 4k|4kn|1k]... [--scenarios DIR|JAR]... "
                + "[--no-scenarios]\n"
                + "  as root: builds ext4 and XFS on loop devices over tmpfs, probes every case of the engine's space with a\n"
                + "  RWF_NOWAIT direct write, replays the scenario library and writes the Markdown report.\n"
                + "  --quick: layouts of 1..2 blocks only (seconds); default passes: 4k, 4kn, 1k.";
    }
}

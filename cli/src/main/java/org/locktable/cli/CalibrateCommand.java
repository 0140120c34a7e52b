package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.locktable.calibration.fit.Calibration;
import org.locktable.calibration.fit.FittedValuesFile;
import org.locktable.calibration.fit.Fitter;
import org.locktable.calibration.fit.ResidualError;
import org.locktable.calibration.live.LiveCalibration;
import org.locktable.calibration.live.MechanismChecks;
import org.locktable.calibration.live.MechanismPairs;
import org.locktable.calibration.live.PageWritebackCounts;
import org.locktable.calibration.live.RecordedPairs;
import org.locktable.calibration.live.RecordedLiveRun;
import org.locktable.calibration.report.TimingValidation;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.sim.WaitRules;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code locktable calibrate}: fits the timing model's device profiles and writes its validation report. */
@Command(name = "calibrate", mixinStandardHelpOptions = true, versionProvider = LocktableCommand.Version.class,
        header = "Fit the timing model's device profiles: on this machine, on the recorded run, or on the seeds.",
        description = {"live: runs fio on ext4 and XFS images on loop devices over tmpfs (root): a device "
                + "characterisation that refits local-loop, then seed 000's two workloads scaled down, measured against "
                + "the model's predictions. recorded: refits local-loop on the committed recording. seeds: refits the "
                + "seed profiles on their training cells. pairs: the designed mechanism pairs, measured live against "
                + "the model's ratios (root). counts: XFS's transactions per page for O_DSYNC appends to the same pages, "
                + "counted live against the model's conversions (root). idle-exit: the wake-up of a thread whose CPU "
                + "had gone idle (root). device: a user's device (a directory on ext4 or XFS, or a block device) "
                + "measured with fio and fitted into a profile file for simulate --device FILE. alternatives: refits seed000-vm with one assumption changed. "
                + "Each prints the fitted values; --write puts them in the committed data files. report: the "
                + "validation report."},
        subcommands = {CalibrateCommand.Live.class, CalibrateCommand.Pairs.class, CalibrateCommand.Counts.class,
            CalibrateIdleExit.class, CalibrateDevice.class, CalibrateCommand.Recorded.class, CalibrateCommand.Seeds.class, CalibrateCommand.Alternatives.class, CalibrateCommand.Report.class})
final class CalibrateCommand implements Callable<Integer> {
    @Override
    public Integer call() throws CliException {
        throw new CliException("calibrate needs a subcommand: live, pairs, counts, idle-exit, device, recorded, seeds, "
                + "alternatives or report (try 'locktable calibrate --help')");
    }

    /** What every calibrate subcommand shares: help, version, and its output streams. */
    @Command(mixinStandardHelpOptions = true, versionProvider = LocktableCommand.Version.class)
    abstract static class Step implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        PrintWriter out() {
            return spec.commandLine().getOut();
        }

        PrintWriter err() {
            return spec.commandLine().getErr();
        }
    }

    /** A subcommand that fits values, and rewrites the committed ones with {@code --write}. */
    abstract static class WritingStep extends Step {
        @Mixin
        WriteOptions writeOptions;
    }

    /** {@code --write} and {@code --root}: where the committed data files are rewritten. */
    static final class WriteOptions {
        @Option(names = "--write", description = "Rewrite the committed data files with the fitted values (under "
                + "--root).")
        boolean write;

        @Option(names = "--root", paramLabel = "DIR", description = "The repository to write into (default: "
                + "$LOCKTABLE_ROOT, set by bin/locktable, else the working directory).")
        Path root;

        Path root() {
            if (root != null) {
                return root;
            }
            String env = System.getenv(DocsCommand.ROOT_VARIABLE);
            return Path.of(env != null && !env.isEmpty() ? env : ".");
        }

        /** Prints {@code results}, and writes their values into {@code fitted-values.tsv} when asked to. */
        void printAndWrite(PrintWriter out, Map<String, Fitter.Result> results) throws CliException {
            print(out, results);
            if (write) {
                Map<String, Map<String, Double>> values = new LinkedHashMap<>();
                results.forEach((k, v) -> values.put(k, v.values()));
                Path file = FittedValuesFile.values(root());
                rewrite(out, file, () -> FittedValuesFile.writeValues(file, values));
                List<ResidualError> errors = new ArrayList<>();
                values.forEach((profile, v) -> {
                    if (!SeedCells.training(profile).isEmpty()) {
                        errors.add(ResidualError.withValues(profile, v));
                    }
                });
                if (!errors.isEmpty()) { // a seed refit: its fit's residual error goes with its values
                    Path residuals = FittedValuesFile.residualErrors(root());
                    rewrite(out, residuals, () -> FittedValuesFile.writeResidualErrors(residuals, errors));
                }
            }
        }
    }

    /** Each result's objective, the error of every cell, then its values as the data file's rows. */
    static void print(PrintWriter out, Map<String, Fitter.Result> results) {
        out.print(Calibration.describe(results));
        results.forEach((profile, r) -> r.values().forEach((k, v) -> out.println(profile + "\t" + k + "\t"
                + FittedValuesFile.number(v))));
    }

    @Command(name = "live",
            header = "Measure this machine with fio on loop-mounted ext4 and XFS, refit local-loop, compare (root).",
            description = {"Prints the measured-vs-predicted section on standard output, the fit of local-loop on "
                    + "standard error. --write replaces the committed recording and local-loop's values with this "
                    + "run's; the section names the characterisation runs whose repetitions spread over 1.5x (max / "
                    + "min). The full plan takes about 9 minutes; --tiny seconds."},
            exitCodeListHeading = "%nExit status:%n",
            exitCodeList = {"0: measured and compared", "2: usage error",
                "3: this machine cannot run it (not root, no loop devices, no fio, no mkfs)"})
    static final class Live extends WritingStep {
        @Option(names = "--tiny", description = "4 MiB files, 1-2 jobs, one repetition: proves the pipeline works")
        boolean tiny;

        @Option(names = "--out", paramLabel = "FILE", description = "write the whole timing report with this run's "
                + "live section")
        Path out;

        @Option(names = "--section", paramLabel = "FILE", description = "write the live section alone")
        Path section;

        @Override
        public Integer call() throws IOException, CliException {
            LiveCalibration.REQUIREMENTS.check(); // the machine before the options: exit 3 even with --tiny --write
            return measure();
        }

        private int measure() throws IOException, CliException {
            PrintWriter stdout = out();
            PrintWriter stderr = err();
            if (tiny && writeOptions.write) {
                throw new CliException("--write commits a full run only; drop --tiny");
            }
            List<String> command = new ArrayList<>(List.of("locktable", "calibrate", "live"));
            if (tiny) {
                command.add("--tiny");
            }
            Path recording = writeOptions.root().resolve(RecordedLiveRun.SOURCE);
            // the measurements are kept before anything is fitted: a failure after nine minutes of fio loses nothing
            LiveCalibration.Outcome o = LiveCalibration.run(tiny ? LiveCalibration.Plan.tiny()
                    : LiveCalibration.Plan.full(), String.join(" ", command), data -> {
                        if (writeOptions.write) {
                            Files.writeString(recording, RecordedLiveRun.json(new RecordedLiveRun.Recording(0, data)),
                                    StandardCharsets.UTF_8);
                        }
                    });
            if (section != null) {
                write(section, o.section());
            }
            if (out != null) {
                write(out, TimingValidation.reportWithLive(o.section()));
            }
            stdout.print(o.section());
            writeOptions.printAndWrite(stderr, Map.of(Profiles.LOCAL_LOOP, o.fit()));
            if (writeOptions.write) {
                writeRecording(stderr, recording, new RecordedLiveRun.Recording(o.fit().evaluations(), o.data()));
            }
            return 0;
        }
    }

    @Command(name = "pairs",
            header = "Measure the designed mechanism pairs with fio on loop-mounted ext4 and XFS against the model (root).",
            description = {"Each pair is two fio runs that differ in one mechanism (timing-validation.md section 9). "
                    + "Prints the section; --write replaces the committed recording, from which 'locktable docs' "
                    + "writes the section. The full plan takes about five minutes; --tiny seconds."},
            exitCodeListHeading = "%nExit status:%n",
            exitCodeList = {"0: measured and compared", "2: usage error",
                "3: this machine cannot run it (not root, no loop devices, no fio, no mkfs)"})
    static final class Pairs extends WritingStep {
        @Option(names = "--tiny", description = "small files, 1 against 2 jobs, one repetition: proves the pipeline "
                + "works")
        boolean tiny;

        @Override
        public Integer call() throws IOException, CliException {
            if (tiny && writeOptions.write) {
                throw new CliException("--write commits a full run only; drop --tiny");
            }
            MechanismChecks.Outcome o;
            o = MechanismChecks.run(tiny ? MechanismPairs.PairPlan.tiny() : MechanismPairs.PairPlan.full(),
                    "locktable calibrate pairs" + (tiny ? " --tiny" : ""));
            out().print(o.section());
            if (writeOptions.write) {
                Path file = writeOptions.root().resolve(RecordedPairs.SOURCE);
                rewrite(err(), file, () -> Files.writeString(file, o.json(), StandardCharsets.UTF_8));
            }
            return 0;
        }
    }

    @Command(name = "counts",
            header = "Count XFS's transactions per page for O_DSYNC appends to the same pages, against the model (root).",
            description = {"Seed 002 Table 1's command line at 1, 2 and 4 jobs on loop-mounted XFS, with XFS's own "
                    + "statistics (timing-validation.md section 10). Prints the section; --write replaces the "
                    + "committed recording, from which 'locktable docs' writes the section. Takes seconds."},
            exitCodeListHeading = "%nExit status:%n",
            exitCodeList = {"0: measured and compared", "2: usage error",
                "3: this machine cannot run it (not root, no loop devices, no fio, no mkfs)"})
    static final class Counts extends WritingStep {
        @Override
        public Integer call() throws IOException, CliException {
            PageWritebackCounts.CountsData data;
            data = PageWritebackCounts.measure("locktable calibrate counts");
            out().print(PageWritebackCounts.section(data));
            if (writeOptions.write) {
                Path file = writeOptions.root().resolve(PageWritebackCounts.SOURCE);
                rewrite(err(), file, () -> Files.writeString(file, PageWritebackCounts.json(data),
                        StandardCharsets.UTF_8));
            }
            return 0;
        }
    }

    @Command(name = "recorded",
            header = "Refit local-loop on the committed live recording (no root needed, about a second).")
    static final class Recorded extends WritingStep {
        @Override
        public Integer call() throws CliException {
            LiveCalibration.Plan plan = LiveCalibration.Plan.full();
            Fitter.Result fit = LiveCalibration.fit(RecordedLiveRun.DATA, plan, plan.fit());
            writeOptions.printAndWrite(out(), Map.of(Profiles.LOCAL_LOOP, fit));
            if (writeOptions.write) {
                // the recording names the fit that gave the committed values: its evaluations follow the refit
                writeRecording(err(), writeOptions.root().resolve(RecordedLiveRun.SOURCE),
                        new RecordedLiveRun.Recording(fit.evaluations(), RecordedLiveRun.DATA));
            }
            return 0;
        }
    }

    @Command(name = "seeds",
            header = "Refit the seed profiles on their training cells (1 to 6 minutes).",
            description = {"Prints each profile's objective, the error of every training cell and the fitted values. "
                    + "Profiles are fitted in dependency order; without arguments, all of them."})
    static final class Seeds extends WritingStep {
        @Parameters(paramLabel = "PROFILE", arity = "0..*", description = "seed profiles to refit (default: all)")
        List<String> profiles = new ArrayList<>();

        @Option(names = "--rules", paramLabel = "kernel|none", description = {"The simulator's waiting rules for "
                + "the fit (default: kernel, the rules of timing/README.md's audit, which the committed values are "
                + "fitted under). none refits the model before the audit as an experiment (no --write); either way "
                + "the held-out cells' errors are printed against the committed values'."})
        String rules = "kernel";

        @Override
        public Integer call() throws CliException {
            WaitRules waitRules;
            try {
                waitRules = WaitRules.named(rules);
            } catch (IllegalArgumentException e) {
                throw new CliException("--rules: " + e.getMessage());
            }
            if (waitRules != WaitRules.COMMITTED && writeOptions.write) {
                throw new CliException("--rules " + rules + " --write: the committed values are read under the kernel's "
                        + "rules; a refit under other rules is an experiment");
            }
            for (String p : profiles) {
                if (!Calibration.SEED_PROFILES.contains(p)) {
                    throw new CliException("'" + p + "' is not a seed profile (one of "
                            + String.join(", ", Calibration.SEED_PROFILES) + "; " + Profiles.LOCAL_LOOP
                            + " is fitted by 'calibrate live' or 'calibrate recorded')");
                }
            }
            List<String> which = profiles.isEmpty() ? Calibration.SEED_PROFILES : profiles;
            Fitter.Settings settings = Fitter.Settings.FULL.withRules(waitRules);
            Map<String, Fitter.Result> results = Calibration.fitAll(which, settings);
            writeOptions.printAndWrite(out(), results);
            out().print(Calibration.heldOut(results, settings));
            return 0;
        }
    }

    @Command(name = "alternatives",
            header = "Refit seed000-vm once per calibrated alternative (one assumption changed; about 13 minutes).",
            description = {"The alternatives are the committed ones (alternatives.tsv); the validation report's "
                    + "sensitivity section predicts the withheld cells with each."})
    static final class Alternatives extends WritingStep {
        @Override
        public Integer call() throws CliException {
            Map<String, Fitter.Result> results = Calibration.fitAlternatives(Fitter.Settings.FULL);
            PrintWriter stdout = out();
            print(stdout, results);
            if (writeOptions.write) {
                Path file = FittedValuesFile.alternatives(writeOptions.root());
                rewrite(stdout, file, () -> FittedValuesFile.writeAlternatives(file, Calibration.withValues(results)));
            }
            return 0;
        }
    }

    @Command(name = "report",
            header = "Write the timing model's validation report (generated-docs/timing-validation.md).",
            description = {"Without --live the report ends with the committed recording's section, as 'locktable docs' "
                    + "writes it; --live SECTION.md (from 'calibrate live --section') puts a fresh run's instead."})
    static final class Report extends Step {
        @Option(names = "--out", paramLabel = "FILE", description = "Where to write (default: standard output).")
        Path out;

        @Option(names = "--live", paramLabel = "SECTION.md", description = "A live section to end the report with.")
        Path live;

        @Override
        public Integer call() throws CliException {
            String text;
            try {
                text = live == null ? TimingValidation.report()
                        : TimingValidation.reportWithLive(Files.readString(live, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new CliException("cannot read \"" + live + "\": " + ioReason(e));
            }
            if (out == null) {
                out().print(text);
            } else {
                write(out, text);
            }
            return 0;
        }
    }

    static void write(Path file, String text) throws CliException {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException("cannot write \"" + file + "\": " + ioReason(e));
        }
    }

    /** A rewrite of a committed data file. */
    @FunctionalInterface
    interface FileRewrite {
        void run() throws IOException;
    }

    /** Runs {@code rewrite} of {@code file} and says so on {@code out}; a failure is one line. */
    /** Rewrites the recorded live run at {@code file} with {@code recording}. */
    static void writeRecording(PrintWriter out, Path file, RecordedLiveRun.Recording recording) throws CliException {
        String json = RecordedLiveRun.json(recording);
        rewrite(out, file, () -> {
            Files.createDirectories(file.getParent());
            Files.writeString(file, json, StandardCharsets.UTF_8);
        });
    }

    static void rewrite(PrintWriter out, Path file, FileRewrite rewrite) throws CliException {
        try {
            rewrite.run();
        } catch (IOException e) {
            throw new CliException("cannot rewrite \"" + file + "\": " + ioReason(e));
        }
        out.println("wrote " + file);
    }

    /** A one-line reason for a failed read or write. */
    static String ioReason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return Main.oneLine(e.getMessage());
    }
}

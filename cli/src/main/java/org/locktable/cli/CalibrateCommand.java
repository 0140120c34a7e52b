package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.locktable.calibration.fit.Calibration;
import org.locktable.calibration.fit.Fitter;
import org.locktable.calibration.live.LiveCalibration;
import org.locktable.calibration.live.LiveEnvironment;
import org.locktable.timing.profile.Profiles;
import org.locktable.calibration.live.RecordedLiveRun;
import org.locktable.calibration.report.TimingValidation;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code locktable calibrate}: fits the timing model's device profiles. */
@Command(name = "calibrate", mixinStandardHelpOptions = true, versionProvider = LocktableCommand.Version.class,
        header = "Fit the timing model's device profiles: on this machine, on the recorded run, or on the seeds.",
        description = {"live: runs fio on ext4 and XFS images on loop devices over tmpfs (root): a device "
                + "characterisation that refits local-loop, then seed 000's two workloads scaled down, measured against "
                + "the model's predictions. recorded: refits local-loop on the committed recording. seeds: refits the "
                + "seed profiles on their training cells. Each prints the values to commit in FittedValues."},
        subcommands = {CalibrateCommand.Live.class, CalibrateCommand.Recorded.class, CalibrateCommand.Seeds.class})
final class CalibrateCommand implements Callable<Integer> {
    static final int EXIT_CANNOT_RUN = 3;

    @Override
    public Integer call() throws CliException {
        throw new CliException("calibrate needs a subcommand: live, recorded or seeds (try 'locktable calibrate --help')");
    }

    @Command(name = "live", mixinStandardHelpOptions = true, versionProvider = LocktableCommand.Version.class,
            header = "Measure this machine with fio on loop-mounted ext4 and XFS, refit local-loop, compare (root).",
            description = {"Prints the measured-vs-predicted section on standard output; the FittedValues entry and "
                    + "the recording (RecordedLiveRun.DATA) on standard error. The full plan takes about 4 minutes; "
                    + "--tiny seconds."},
            exitCodeListHeading = "%nExit status:%n",
            exitCodeList = {"0: measured and compared", "2: usage error",
                "3: this machine cannot run it (not root, no loop devices, no fio, no mkfs)"})
    static final class Live implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--tiny", description = "4 MiB files, 1-2 jobs, one repetition: proves the pipeline works")
        boolean tiny;

        @Option(names = "--out", paramLabel = "FILE", description = "write the whole timing report with this run's "
                + "live section")
        Path out;

        @Option(names = "--section", paramLabel = "FILE", description = "write the live section alone")
        Path section;

        @Override
        public Integer call() throws IOException {
            PrintWriter stdout = spec.commandLine().getOut();
            PrintWriter stderr = spec.commandLine().getErr();
            Optional<String> missing = LiveEnvironment.missing();
            if (missing.isPresent()) {
                stderr.println("locktable: calibrate live cannot run here: " + missing.get());
                return EXIT_CANNOT_RUN;
            }
            List<String> command = new ArrayList<>(List.of("locktable", "calibrate", "live"));
            if (tiny) {
                command.add("--tiny");
            }
            LiveCalibration.Outcome o = LiveCalibration.run(tiny ? LiveCalibration.Plan.tiny()
                    : LiveCalibration.Plan.full(), String.join(" ", command));
            if (section != null) {
                write(section, o.section());
            }
            if (out != null) {
                write(out, TimingValidation.reportWithLive(o.section()));
            }
            stdout.print(o.section());
            stderr.print(LiveCalibration.fittedValuesEntry(o.fit()));
            stderr.print(LiveCalibration.recordingLiteral(o.data()));
            return 0;
        }
    }

    @Command(name = "recorded", mixinStandardHelpOptions = true, versionProvider = LocktableCommand.Version.class,
            header = "Refit local-loop on the committed live recording (no root needed, about a second).")
    static final class Recorded implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            LiveCalibration.Plan plan = LiveCalibration.Plan.full();
            Fitter.Result fit = LiveCalibration.fit(RecordedLiveRun.DATA, plan, plan.fit());
            spec.commandLine().getOut().print(LiveCalibration.fittedValuesEntry(fit));
            return 0;
        }
    }

    @Command(name = "seeds", mixinStandardHelpOptions = true, versionProvider = LocktableCommand.Version.class,
            header = "Refit the seed profiles on their training cells (1 to 5 minutes).",
            description = {"Prints each profile's objective, the error of every training cell and the FittedValues "
                    + "entries. Profiles are fitted in dependency order; without arguments, all of them."})
    static final class Seeds implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "PROFILE", arity = "0..*", description = "seed profiles to refit (default: all)")
        List<String> profiles = new ArrayList<>();

        @Override
        public Integer call() throws CliException {
            for (String p : profiles) {
                if (!Calibration.SEED_PROFILES.contains(p)) {
                    throw new CliException("'" + p + "' is not a seed profile (one of "
                            + String.join(", ", Calibration.SEED_PROFILES) + "; " + Profiles.LOCAL_LOOP
                            + " is fitted by 'calibrate live' or 'calibrate recorded')");
                }
            }
            List<String> which = profiles.isEmpty() ? Calibration.SEED_PROFILES : profiles;
            Map<String, Fitter.Result> results = Calibration.fitAll(which, Fitter.Settings.FULL);
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.print(Calibration.describe(results));
            stdout.print(Calibration.fittedValuesEntries(results));
            return 0;
        }
    }

    static void write(Path file, String text) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}

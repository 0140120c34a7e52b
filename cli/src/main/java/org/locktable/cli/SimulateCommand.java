package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import org.locktable.calibration.device.DeviceProfileFile;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.names.DidYouMean;
import org.locktable.timing.check.RunLength;
import org.locktable.timing.check.TimingProfiles;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.check.TimingTable;
import org.locktable.timing.interval.Intervals;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.fio.FioEnvironment;
import org.locktable.timing.fio.FioParseException;
import org.locktable.timing.fio.FioParser;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.sim.WaitRules;
import org.locktable.timing.workload.Workload;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable simulate}: a seed-style IOPS table from the timing simulator. */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Simulate fio IOPS per job count under one or more policies (a seed-style table).",
        description = {"Runs the discrete-event timing model: jobs issue the workload's I/Os through the inode lock "
                + "(as each policy decides it), the CPU, the device and the inode's conversion stage. Prints one row "
                + "per job count with each policy's IOPS (all I/Os, fio's rule: total I/Os / the slowest job's "
                + "runtime) and the speedup of each policy over the first.",
            "",
            "Example: locktable simulate --device seed000-vm --policy ext4-base,ext4-patch1 --workload seed000-test1",
            "",
            "The workload is a named seed workload (--workload) or a fio job file (--fio FILE; with several jobs, "
                + "pick one with --job NAME). fio keys the model does not read are listed on standard error. "
                + "Each job's work is cut to about --ios-per-job I/Os (default 4096, the length the validation "
                + "report's figures and errors are computed at; 0 runs the workload at full size; a time-based job "
                + "becomes fixed work): steady-state IOPS change only by end effects, except in a pack of jobs "
                + "appending to one shared file (seed002-table1), which is never cut below the "
                + RunLength.PACK_IOS_PER_JOB + " I/Os per job it needs to settle.",
            "",
            "Rows: --jobs N,... when given; else a --fio job's numjobs (1 when the file has none, as fio runs it); "
                + "else, for a --workload, 1,2,4,8,16,32.",
            "",
            "Before the table the text names what was simulated: the device profile, the workload, each job's I/O "
                + "(pattern, block size, engine and iodepth, O_DIRECT or buffered, region), the files (one shared by "
                + "every job, or each job's own), the layout the files start with, and where the job counts came "
                + "from. The numbers are the model's, not measurements: generated-docs/timing-validation.md gives "
                + "each profile's errors against the published seed cells and against live runs.",
            "",
            "--json prints one object: device, workload, blockSize (each job's write size, as in the text), "
                + "iodepth, engine, direct, files (\"shared\" or \"per-job\"), filesPerJob, initialLayout "
                + "(UNWRITTEN, WRITTEN, EMPTY or a layout stripe such as \"W U U W\"), jobsFrom (\"--jobs\", "
                + "\"numjobs\" or \"default\"), rules, runs (replications per cell), publishedCells (how many published seed cells the profile is "
                + "validated on), interval (level 0.9, draws, seed, parameters: each unknown parameter's range with "
                + "parameter, low, high and provenance, and modelError: from, runs, parameters, rms), and rows, one "
                + "per (policy, jobs) cell with the fields policy, jobs, iops, readIops, writeIops, mibPerSec, "
                + "iopsLow, iopsHigh (the 90 %% interval), dominant (what moves it most), and speedup, speedupLow and "
                + "speedupHigh (over the first policy, with its 90 %% interval).",
            "",
            "After the table, the 90 %% interval of each cell's IOPS and of each speedup, over everything the "
                + "prediction does not know: the profile's unknown parameters (a device class's published ranges, a "
                + "seed profile's undetermined ones: parameter-ranges.tsv), drawn together in 64 Latin hypercube "
                + "points seeded by --seed, and the model's own error (the residual error of the profile's fit on "
                + "its training cells, or where it has none the pooled error of the seed fits: residual-errors.tsv)"
                + ", each named with the dimension that moves it most. timing-validation.md section 11 says how "
                + "often such intervals contain published and live figures.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0: the table was simulated",
            "2: bad input: an unknown device, policy, workload or fio job; an unreadable or malformed fio file "
                + "('locktable: FILE:LINE: <problem>'); a bad option",
            "70: internal error (a bug)"})
final class SimulateCommand implements Callable<Integer> {
    /** Largest job count accepted: the simulator keeps per-slot arrays for jobs × iodepth. */
    static final int MAX_JOBS = 4096;
    /** The progress bar appears once a run has taken this long. */
    static final long PROGRESS_AFTER_NS = 1_000_000_000L;
    /** The rows of a named seed workload when --jobs is not given. */
    static final String DEFAULT_JOBS = "1,2,4,8,16,32";

    @Spec
    CommandSpec spec;

    @Option(names = "--device", paramLabel = "PROFILE", required = true,
            description = "Device profile (a device and CPU/file-system costs): a device class (hdd-7200, sata-ssd, "
                    + "nvme, virtio-vm, pmem, loop-tmpfs: public sources, each parameter with its range), a seed's "
                    + "profile (e.g. seed000-vm), local-loop, or a file of calibrate device (a path, or a name "
                    + "ending in .json).")
    String device;

    @Option(names = "--policy", paramLabel = "ID", required = true, split = ",",
            description = "Policy ids, separated by commas or by repeating the option; the first is the baseline of "
                    + "the speedups.")
    List<String> policies;

    @Mixin
    FsOption fs = new FsOption();

    /** Where the workload comes from: exactly one of a seed workload's name and a fio job file. */
    static final class Source {
        @Option(names = "--workload", paramLabel = "NAME", required = true,
                description = "A named seed workload, e.g. seed000-test1.")
        String workload;

        @Option(names = "--fio", paramLabel = "FILE", required = true, description = "A fio job file.")
        String fio;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    @Option(names = "--job", paramLabel = "NAME", description = "The job of a --fio file with several jobs.")
    String job;

    @Option(names = "--jobs", paramLabel = "N", split = ",",
            description = "Job counts, one row each (default: a --fio job's numjobs, else "
                    + SimulateCommand.DEFAULT_JOBS + ").")
    List<Integer> jobs;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "The simulator's seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "4",
            description = "Independent replications per cell, seeds --seed, --seed + 1, ...; each cell is their mean, "
                    + "as the timing report's predictions are (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--ios-per-job", paramLabel = "N", defaultValue = "4096",
            description = "Cut each job's work to about N I/Os (default: ${DEFAULT-VALUE}, as the validation report); "
                    + "0 runs the workload at full size.")
    int iosPerJob;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "kernel",
            description = "The waiting rules: kernel (every rule of timing/README.md's audit, what the device "
                    + "profiles are fitted under; the default) or none (the model before the audit, with the same "
                    + "values: an experiment).")
    String rules;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    private final BooleanSupplier terminal;
    private final LongSupplier clock;

    SimulateCommand() {
        this(org.locktable.rig.Progress::terminal, System::nanoTime);
    }

    /** For tests: whether stderr counts as a terminal, and the clock the progress bar reads. */
    SimulateCommand(BooleanSupplier terminal, LongSupplier clock) {
        this.terminal = terminal;
        this.clock = clock;
    }

    @Override
    public Integer call() throws CliException, InvalidInputException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (DeviceProfileFile.names(device)) {
            try {
                device = DeviceProfileFile.load(Path.of(device));
            } catch (DeviceProfileFile.Invalid e) {
                throw new CliException(e.getMessage());
            } catch (IOException e) {
                throw new CliException("cannot read \"" + device + "\": " + Main.oneLine(e.getMessage()));
            }
        }
        TimingProfiles.Resolved profile = TimingProfiles.find(device).orElseThrow(
                () -> new CliException(DidYouMean.unknown("device profile", device, TimingProfiles.names())));
        List<String> ids = policies();
        if (runs < 1) {
            throw new CliException("--runs must be 1 or more, got " + runs);
        }
        if (iosPerJob < 0) {
            throw new CliException("--ios-per-job must be 0 (full size) or more, got " + iosPerJob);
        }
        WaitRules waitRules;
        try {
            waitRules = WaitRules.named(rules);
        } catch (IllegalArgumentException e) {
            throw new CliException("--rules: " + e.getMessage());
        }
        Workload w = workload(err);
        String jobsFrom = jobs != null ? "--jobs" : source.fio != null ? "numjobs" : "default";
        List<Integer> rows = jobs(jobsFrom.equals("--jobs") ? jobs
                : jobsFrom.equals("numjobs") ? List.of(w.jobs()) : defaultJobs());
        Workload simulated = TimingSpec.scale(w, iosPerJob);

        SimulateProgress progress = new SimulateProgress(err, terminal.getAsBoolean(), clock);
        TimingTable table;
        try {
            table = TimingTable.run(profile.name(), w.name(), profile.device(), profile.cost(), simulated, ids, rows,
                    seed, runs, waitRules, progress);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CliException("cannot simulate " + w.name() + ": " + Main.oneLine(e.getMessage()));
        } finally {
            progress.clear();
        }
        int published = SeedCells.published(profile.name()).size();
        Intervals intervals;
        try {
            intervals = Intervals.run(profile.name(), table, simulated, seed, ModelError.of(profile.name()));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CliException("cannot simulate the intervals of " + w.name() + ": " + Main.oneLine(e.getMessage()));
        }
        if (json) {
            out.println(SimulateJson.write(table, intervals, w, jobsFrom, published, runs));
        } else {
            out.println("device    " + profile.name() + ": " + profile.description());
            long cut = RunLength.settled(w, iosPerJob);
            out.println("workload  " + w.name() + (iosPerJob > 0 ? " (about " + cut + " I/Os per job"
                    + (cut > iosPerJob ? ": a pack of appenders, cut no shorter than it needs to settle" : "") + ")"
                    : ""));
            out.println("each job  " + WorkloadEcho.job(w));
            out.println("files     " + WorkloadEcho.files(w));
            out.println("layout    " + WorkloadEcho.layout(w.initialLayout()));
            out.println("jobs      " + joined(rows) + " (" + (jobsFrom.equals("--jobs") ? "--jobs"
                    : jobsFrom.equals("numjobs") ? "the job file's numjobs" : "the default; --jobs to change") + ")");
            out.println("IOPS      all I/Os per second (fio's rule), " + (runs == 1 ? "seed " + seed
                    : "the mean of " + runs + " runs, seeds " + seed + " to " + (seed + runs - 1)));
            out.println("rules     " + waitRules.label() + (waitRules.equals(WaitRules.COMMITTED)
                    ? " (the kernel's waiting rules, which the profiles are fitted under)"
                    : " (none of the kernel's waiting rules; the profiles are fitted under them)"));
            out.println("accuracy  " + accuracy(profile.name(), published));
            out.println();
            out.print(table.text());
            out.println();
            out.print(intervals.text(profile.name()));
        }
        return Main.EXIT_OK;
    }

    private List<String> policies() throws InvalidInputException {
        List<String> out = new ArrayList<>();
        for (String p : policies) {
            String id = fs.one(p, PolicyInfo.WritePath.DIRECT).id(); // unknown: one line with "did you mean", exit 2
            if (!out.contains(id)) {
                out.add(id);
            }
        }
        return out;
    }

    /**
     * Says plainly that these are model numbers, and where their errors are: the validation report computes them
     * (the bands after the table cover the undetermined parameters only, not the model's error).
     */
    static String accuracy(String profile, int publishedCells) {
        return "model predictions, not measurements; generated-docs/timing-validation.md lists this model's errors "
                + (publishedCells > 0 ? "on " + profile + "'s " + publishedCells + " published seed cells (sections 1 "
                        + "and 3) and " : "")
                + "against live runs on loop devices (section 8); read those before trusting a difference";
    }

    private static List<Integer> defaultJobs() {
        List<Integer> out = new ArrayList<>();
        for (String n : DEFAULT_JOBS.split(",")) {
            out.add(Integer.parseInt(n));
        }
        return out;
    }

    private static String joined(List<Integer> rows) {
        List<String> out = new ArrayList<>();
        for (int n : rows) {
            out.add(Integer.toString(n));
        }
        return String.join(",", out);
    }

    private static List<Integer> jobs(List<Integer> jobs) throws CliException {
        LinkedHashSet<Integer> out = new LinkedHashSet<>();
        for (int n : jobs) {
            if (n < 1 || n > MAX_JOBS) {
                throw new CliException("--jobs: " + n + " is not a job count; use 1.." + MAX_JOBS);
            }
            if (!out.add(n)) {
                throw new CliException("--jobs: " + n + " is given twice");
            }
        }
        return List.copyOf(out);
    }

    private Workload workload(PrintWriter err) throws CliException {
        String workload = source.workload;
        String fio = source.fio;
        if (workload != null) {
            if (job != null) {
                throw new CliException("--job picks a job of a --fio file; --workload " + workload + " is one job");
            }
            if (!SeedWorkloads.names().contains(workload)) {
                throw new CliException(DidYouMean.unknown("workload", workload, SeedWorkloads.names()));
            }
            return SeedWorkloads.get(workload);
        }
        List<Workload> all = parseFio(fio);
        Workload chosen;
        if (all.isEmpty()) {
            throw new CliException(fio + ": no job in the file");
        }
        List<String> names = new ArrayList<>();
        for (Workload x : all) {
            names.add(x.name());
        }
        if (job != null) {
            int i = names.indexOf(job);
            if (i < 0) {
                throw new CliException(DidYouMean.unknown("job", job, names) + " in " + fio);
            }
            chosen = all.get(i);
        } else if (all.size() > 1) {
            throw new CliException(fio + " has " + all.size() + " jobs (" + String.join(", ", names)
                    + "); pick one with --job NAME");
        } else {
            chosen = all.get(0);
        }
        for (String warning : chosen.warnings()) {
            err.println("locktable: " + fio + ": warning: " + Main.oneLine(warning));
        }
        return chosen;
    }

    private static List<Workload> parseFio(String file) throws CliException {
        if (file.isEmpty()) {
            throw new CliException("--fio needs a file name");
        }
        Path path = Path.of(file);
        if (Files.isDirectory(path)) {
            throw new CliException("cannot read \"" + file + "\": it is a directory");
        }
        try {
            return new FioParser(FioEnvironment.ofThisMachine()).parseFile(path);
        } catch (FioParseException e) {
            throw new CliException(e.location() + ": " + Main.oneLine(e.problem()));
        } catch (NoSuchFileException e) {
            throw new CliException("cannot read \"" + file + "\": no such file");
        } catch (AccessDeniedException e) {
            throw new CliException("cannot read \"" + file + "\": permission denied");
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new CliException("cannot read \"" + file + "\": " + Main.oneLine(e.getMessage()));
        }
    }

    /** Three decimals, no exponent, no trailing zeros: {@code 42322.437}, {@code 0}. */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "0";
        }
        String s = String.format(Locale.ROOT, "%.3f", v);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "");
            if (s.endsWith(".")) {
                s = s.substring(0, s.length() - 1);
            }
        }
        return s.equals("-0") ? "0" : s;
    }
}

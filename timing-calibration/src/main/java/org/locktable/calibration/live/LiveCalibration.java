package org.locktable.calibration.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.locktable.timing.profile.Param;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.workload.Workload;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;
import org.locktable.calibration.fit.Fitter;
import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.fit.Calibration;

/**
 * Live validation on this machine: ext4 and XFS images on a tmpfs, attached to loop devices and mounted (all torn
 * down in {@code finally} and from a shutdown hook), then
 * <ol>
 *   <li>a <b>device characterisation</b> with fio (libaio, iodepth 1, O_DIRECT, on ext4): 4 KiB and 64 KiB random
 *       overwrites of a written file at one job, 4 KiB overwrites with more jobs (all shared, each job its own
 *       region), and 4 KiB sequential writes into an unwritten (fallocated) file. The {@code local-loop} profile's
 *       fitted parameters are refitted on these measurements with the same {@link Fitter} as the seeds (timing-notes
 *       §4: at least two I/O sizes, an all-shared job sweep, one run with and one without unwritten conversion);
 *       the core count is this machine's;</li>
 *   <li>seed 000's two workloads, scaled down, on ext4 (the running kernel's {@code ext4-base}) and XFS
 *       ({@code xfs-dio}): the W U U W stripes are written before every run (fallocate, then blocks 0 and 3 of each
 *       16 KiB stripe by a small fio pre-job), checked once with {@code xfs_io fiemap}, and fio runs the test with
 *       libaio iodepth 1, {@code offset_increment} = the region;</li>
 *   <li>a Markdown section: measured vs predicted, with the kernel version.</li>
 * </ol>
 * Measured numbers vary run to run; nothing here asserts a time. {@link Plan#tiny()} is a seconds-long version for
 * CI that proves the pipeline works.
 */
public final class LiveCalibration {
    private LiveCalibration() {
    }

    /**
     * Sizes of a live run.
     *
     * @param name {@code full} or {@code tiny}
     * @param tmpfs tmpfs size ({@code mount -o size=})
     * @param imageBytes each file system image (sparse)
     * @param charRegion bytes per job in the characterisation
     * @param charSeconds runtime of each characterisation run
     * @param charJobs job counts of the all-shared sweep (the first is 1)
     * @param unwrittenBytes the unwritten-file run's size
     * @param seedRegion bytes per job of the seed-000 runs (a multiple of 16 KiB)
     * @param seedJobs job counts of the seed-000 runs
     * @param repeats measurements per run; the median is used, the range reported
     * @param fit the fitter's settings for {@code local-loop}
     */
    public record Plan(String name, String tmpfs, long imageBytes, long charRegion, double charSeconds,
            int[] charJobs, long unwrittenBytes, long seedRegion, int[] seedJobs, int repeats, Fitter.Settings fit) {

        public static Plan full() {
            return new Plan("full", "3g", 1L << 30, 64L << 20, 3.0, new int[] {1, 2, 4}, 32L << 20, 64L << 20,
                    new int[] {1, 2, 4, 8}, 3, new Fitter.Settings(Fidelity.FIT, 240, 1, 0.35, 1e-4));
        }

        /** Seconds long: tiny files, 1-2 jobs, one repetition, a short fit. */
        public static Plan tiny() {
            return new Plan("tiny", "1200m", 512L << 20, 4L << 20, 0.4, new int[] {1, 2}, 2L << 20, 4L << 20,
                    new int[] {1, 2}, 1, new Fitter.Settings(new Fidelity("live-tiny", 256, 0.01, 1), 40, 0, 0.35,
                            1e-3));
        }
    }

    /** A repeated measurement: the median and the range. */
    record Repeated(double median, double min, double max) {
        static Repeated of(double[] v) {
            double[] s = v.clone();
            java.util.Arrays.sort(s);
            int n = s.length;
            double med = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
            return new Repeated(med, s[0], s[n - 1]);
        }
    }

    @FunctionalInterface
    private interface Measure {
        double once() throws IOException;
    }

    private static Repeated repeat(int n, Measure m) throws IOException {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = m.once();
        }
        return Repeated.of(v);
    }

    /** One measured run and the model's value for it. */
    public record Measurement(String group, String fs, String run, String policy, int jobs, double measured,
            double min, double max, double predicted, boolean training) {
        public double error() {
            return predicted / measured - 1;
        }
    }

    /**
     * The outcome.
     *
     * @param data what was measured
     * @param profile the refitted {@code local-loop}
     * @param fit the fit's result
     * @param measurements characterisation and seed-000 runs, measured and predicted
     * @param section the Markdown section for the report
     */
    public record Outcome(LiveData data, Profile profile, Fitter.Result fit, List<Measurement> measurements,
            String section) {
    }

    private static final String CHAR_4K = "live-4k-overwrite";
    private static final String CHAR_64K = "live-64k-overwrite";
    private static final String CHAR_UNWRITTEN = "live-4k-unwritten";

    /**
     * One measured run: the median of its repetitions and their range.
     *
     * @param group {@code characterisation} or {@code seed000}
     * @param fs {@code ext4} or {@code xfs}
     * @param column the characterisation workload ({@code live-4k-overwrite}, ...) or {@code Test 1} / {@code Test 2}
     * @param label what the section calls it
     * @param policy the running kernel's policy for it
     * @param jobs fio's numjobs
     * @param median the median IOPS
     * @param min the smallest of the repetitions
     * @param max the largest
     */
    public record MeasuredRun(String group, String fs, String column, String label, String policy, int jobs,
            double median, double min, double max) {
    }

    /**
     * What a live run measured, and the facts its section states: enough to refit {@code local-loop} and to predict
     * every run again with a later model ({@code validate.RecordedLiveRun} commits one).
     */
    public record LiveData(String plan, String command, String kernel, String fio, int cores, String load,
            String layoutCheck, List<MeasuredRun> runs) {
    }

    /** Runs the plan: measures, fits {@code local-loop}, predicts. Call {@link LiveEnvironment#missing()} first. */
    public static Outcome run(Plan plan, String command) throws IOException {
        LiveData data = measure(plan, command);
        Fitter.Result fit = fit(data, plan, plan.fit());
        Profile local = localLoop(data).build(fit.values());
        return outcome(data, plan, local, fit);
    }

    /** The outcome of {@code data} with {@code local}, the result of {@code fit}, as {@code local-loop}. */
    public static Outcome outcome(LiveData data, Plan plan, Profile local, Fitter.Result fit) {
        List<Measurement> ms = predict(data, plan, local);
        String section = section(plan, data, local, fit.objective(), fit.evaluations(), ms);
        return new Outcome(data, local, fit, ms, section);
    }

    /** The {@code FittedValues} entry for {@code fit}, with its objective and evaluation count. */
    public static String fittedValuesEntry(Fitter.Result fit) {
        StringBuilder fv = new StringBuilder();
        fv.append(String.format(Locale.ROOT, "FittedValues (objective %.3g, %d evaluations = "
                + "RecordedLiveRun.FIT_EVALUATIONS):%n", fit.objective(), fit.evaluations()));
        fv.append("        put(\"local-loop\"");
        fit.values().forEach((k, v) -> fv.append(",\n                \"").append(k).append("\", ")
                .append(Calibration.javaLiteral(v)));
        return fv.append(");\n").toString();
    }

    /** {@code data} as the Java source of {@code RecordedLiveRun.DATA}, to commit a new recording. */
    public static String recordingLiteral(LiveData d) {
        StringBuilder s = new StringBuilder("    public static final LiveData DATA = new LiveData(");
        s.append(quote(d.plan())).append(",\n            ").append(quote(d.command())).append(",\n            ")
                .append(quote(d.kernel())).append(", ").append(quote(d.fio())).append(", ").append(d.cores())
                .append(", ").append(quote(d.load())).append(",\n            ").append(quote(d.layoutCheck()))
                .append(", List.of(");
        String sep = "\n";
        for (MeasuredRun r : d.runs()) {
            s.append(sep);
            sep = ",\n";
            if (r.group().equals("characterisation")) {
                String constant = switch (r.column()) {
                    case CHAR_4K -> "OVERWRITE_4K";
                    case CHAR_64K -> "OVERWRITE_64K";
                    default -> "UNWRITTEN_4K";
                };
                s.append(String.format(Locale.ROOT, "            characterisation(%s, %d, %s, %s, %s)", constant,
                        r.jobs(), number(r.median()), number(r.min()), number(r.max())));
            } else {
                s.append(String.format(Locale.ROOT, "            seed000(%s, %s, %s, %d, %s, %s, %s)", quote(r.fs()),
                        quote(r.policy()), r.column().substring("Test ".length()), r.jobs(), number(r.median()),
                        number(r.min()), number(r.max())));
            }
        }
        return s.append("));\n").toString();
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String number(double v) {
        return Calibration.javaLiteral(Math.rint(v));
    }

    /** {@code local-loop}'s specification with {@code data}'s core count. */
    public static ProfileSpec localLoop(LiveData data) {
        return Profiles.spec(Profiles.LOCAL_LOOP).with("cost.cores", Param.Source.MEASURED, data.cores(),
                "Runtime.availableProcessors() on the recorded run (" + data.kernel() + ")");
    }

    /** Fits {@code local-loop}'s fitted parameters on {@code data}'s characterisation runs. */
    public static Fitter.Result fit(LiveData data, Plan plan, Fitter.Settings settings) {
        List<Cell> cells = characterisationCells(data);
        Map<String, Workload> workloads = characterisationWorkloads(plan);
        Map<String, Double> start = analyticStart(run(data, CHAR_4K, 1).median(), run(data, CHAR_64K, 1).median(),
                run(data, CHAR_UNWRITTEN, 1).median());
        return Fitter.fit(localLoop(data), cells, settings, start, Profiles::get, workloads::get);
    }

    /** The objective of {@code local} on {@code data}'s characterisation runs, as the fitter sees it. */
    public static double objective(LiveData data, Plan plan, Profile local) {
        List<Cell> cells = characterisationCells(data);
        Map<String, Workload> workloads = characterisationWorkloads(plan);
        Predictor p = new Predictor(n -> n.equals(Profiles.LOCAL_LOOP) ? local : Profiles.get(n), workloads::get,
                plan.fit().fidelity());
        return Fitter.objective(cells, p.predict(cells));
    }

    private static List<Cell> characterisationCells(LiveData data) {
        List<Cell> cells = new ArrayList<>();
        for (MeasuredRun r : data.runs()) {
            if (r.group().equals("characterisation")) {
                cells.add(charCell(r.column(), r.label(), r.jobs(), r.median()));
            }
        }
        return cells;
    }

    private static MeasuredRun run(LiveData data, String column, int jobs) {
        return data.runs().stream().filter(r -> r.column().equals(column) && r.jobs() == jobs).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no " + column + " run at " + jobs + " job(s)"));
    }

    /** Every run of {@code data}, measured and as {@code local} predicts it. */
    static List<Measurement> predict(LiveData data, Plan plan, Profile local) {
        Function<String, Profile> profiles = n -> n.equals(Profiles.LOCAL_LOOP) ? local : Profiles.get(n);
        Map<String, Workload> workloads = characterisationWorkloads(plan);
        Predictor charPredictor = new Predictor(profiles, workloads::get, plan.fit().fidelity());
        List<Measurement> ms = new ArrayList<>();
        for (MeasuredRun r : data.runs()) {
            double predicted;
            boolean training = r.group().equals("characterisation");
            if (training) {
                predicted = charPredictor.predict(List.of(charCell(r.column(), r.label(), r.jobs(), r.median())))[0];
            } else {
                int test = r.column().equals("Test 1") ? 1 : 2;
                long stride = test == 1 ? 8192 : 16384;
                Fidelity f = new Fidelity("live-" + plan.name(), plan.seedRegion() / stride, 0.1, 1);
                Column col = new Column("live-" + r.fs() + "-t" + test, "live", "seed 000 Test " + test, r.fs(),
                        Profiles.LOCAL_LOOP, "seed000-test" + test, r.policy(), Column.Adjustment.NONE,
                        "the running kernel's policy");
                predicted = new Predictor(profiles, f).run(col, r.jobs()).iops();
            }
            ms.add(new Measurement(r.group(), r.fs(), r.label(), r.policy(), r.jobs(), r.median(), r.min(), r.max(),
                    predicted, training));
        }
        return ms;
    }

    /** The I/O part of a live run: characterisation and seed-000 runs on freshly made file systems. */
    public static LiveData measure(Plan plan, String command) throws IOException {
        String kernel = Shell.check(List.of("uname", "-r"), 10).strip();
        String fioVersion = Shell.check(List.of(Shell.tool("fio"), "--version"), 10).strip();
        int cores = Runtime.getRuntime().availableProcessors();
        List<MeasuredRun> runs = new ArrayList<>();
        try (Sandbox box = new Sandbox()) {
            Path root = box.tmpfs(plan.tmpfs());
            Path ext4 = mountFs(box, root, "ext4", plan.imageBytes());
            Path xfs = mountFs(box, root, "xfs", plan.imageBytes());

            // 1. characterisation on ext4
            String loadBefore = loadAverage();
            int maxJobs = plan.charJobs()[plan.charJobs().length - 1];
            Path written = ext4.resolve("char.file");
            fio(List.of("--name=fill", "--filename=" + written, "--rw=write", "--bs=1m", "--direct=1",
                    "--ioengine=psync", "--size=" + maxJobs * plan.charRegion()), 600);
            for (int n : plan.charJobs()) {
                Repeated r = repeat(plan.repeats(), () -> charRun(written, 4096, n, plan));
                runs.add(charRun(CHAR_4K, "4 KiB random overwrite", n, r));
            }
            Repeated r64 = repeat(plan.repeats(), () -> charRun(written, 65536, 1, plan));
            runs.add(charRun(CHAR_64K, "64 KiB random overwrite", 1, r64));
            Path unwritten = ext4.resolve("unwritten.file");
            Repeated ru = repeat(plan.repeats(), () -> {
                falloc(unwritten, plan.unwrittenBytes());
                return fio(List.of("--name=unwritten", "--filename=" + unwritten, "--rw=write", "--bs=4k",
                        "--direct=1", "--ioengine=libaio", "--iodepth=1", "--size=" + plan.unwrittenBytes()), 600)
                        .writeIops();
            });
            runs.add(charRun(CHAR_UNWRITTEN, "4 KiB sequential into unwritten", 1, ru));
            Files.deleteIfExists(written);
            Files.deleteIfExists(unwritten);

            // 2. seed 000's workloads, scaled
            String layoutCheck = null;
            for (Object[] fs : new Object[][] {{"ext4", ext4, "ext4-base"}, {"xfs", xfs, "xfs-dio"}}) {
                for (int test = 1; test <= 2; test++) {
                    for (int n : plan.seedJobs()) {
                        Path file = ((Path) fs[1]).resolve("seed000.file");
                        int t = test;
                        Repeated measured = repeat(plan.repeats(), () -> {
                            buildStripes(file, n * plan.seedRegion());
                            double v = seed000Run(file, t, n, plan.seedRegion());
                            Files.deleteIfExists(file);
                            return v;
                        });
                        if (layoutCheck == null) {
                            buildStripes(file, n * plan.seedRegion());
                            layoutCheck = checkStripes(file, n * plan.seedRegion()) + " (" + fs[0] + ", "
                                    + n * plan.seedRegion() / 1024 + " KiB)";
                            Files.deleteIfExists(file);
                        }
                        runs.add(new MeasuredRun("seed000", (String) fs[0], "Test " + test, "Test " + test,
                                (String) fs[2], n, measured.median(), measured.min(), measured.max()));
                    }
                }
            }
            String load = loadBefore + " before, " + loadAverage() + " after";
            return new LiveData(plan.name(), command, kernel, fioVersion, cores, load, layoutCheck, List.copyOf(runs));
        }
    }

    private static MeasuredRun charRun(String column, String label, int jobs, Repeated r) {
        return new MeasuredRun("characterisation", "ext4", column, label, "ext4-base", jobs, r.median(), r.min(),
                r.max());
    }

    /**
     * A starting point from the 1-job cells, by hand: the 4 KiB and 64 KiB cycle times give the per-byte cost,
     * the unwritten run the conversion; the rest of the 4 KiB cycle is split half CPU (Z + c, with c, x, h in
     * seed 000's proportions), a fifth per-command cost and the remainder latency. The fitter refines it.
     */
    static Map<String, Double> analyticStart(double iops4k, double iops64k, double iopsUnwritten) {
        double t4 = 1e9 / iops4k;
        double t64 = 1e9 / iops64k;
        double perByte = Math.max((t64 - t4) / 61440, 0.01);
        double rest = Math.max(t4 - 4096 * perByte, 0.2 * t4);
        Profile s000 = Profiles.get(Profiles.SEED000_VM);
        double ratio = s000.cost().lockedNs() / s000.cost().thinkNs();
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("device.latencyNs", 0.3 * rest);
        m.put("device.perCommandNs", 0.2 * rest);
        m.put("device.bytesPerSecond", 1e9 / perByte);
        m.put("cost.thinkNs", 0.5 * rest / (1 + ratio));
        m.put("cost.conversionNs", Math.max(1e9 / iopsUnwritten - t4, 200));
        return m;
    }

    // ------------------------------------------------------------------------------------------- set-up

    private static Path mountFs(Sandbox box, Path root, String type, long bytes) throws IOException {
        Path img = box.image(root.resolve(type + ".img"), bytes);
        String dev = box.loop(img);
        if (type.equals("ext4")) {
            Shell.check(List.of(Shell.tool("mkfs.ext4"), "-F", "-q", "-b", "4096", dev), 120);
        } else {
            Shell.check(List.of(Shell.tool("mkfs.xfs"), "-f", "-q", dev), 120);
        }
        Path mnt = box.mkdir(root.resolve(type));
        box.mount(dev, mnt, type);
        return mnt;
    }

    private static void falloc(Path file, long bytes) throws IOException {
        Files.deleteIfExists(file);
        Shell.check(List.of(Shell.tool("xfs_io"), "-f", "-c", "falloc 0 " + bytes, file.toString()), 120);
    }

    /** Seed 000's "[W][U][U][W]" per 16 KiB: fallocate (unwritten), then write blocks 0 and 3 of every stripe. */
    static void buildStripes(Path file, long bytes) throws IOException {
        falloc(file, bytes);
        List<String> args = new ArrayList<>();
        for (long off : new long[] {0, 12288}) {
            args.addAll(List.of("--name=stripe" + off, "--filename=" + file, "--rw=write:12k", "--bs=4k",
                    "--direct=1", "--ioengine=psync", "--fallocate=none", "--offset=" + off, "--size=" + (bytes - off)));
        }
        fio(args, 600);
    }

    /** Counts unwritten and written extents with {@code xfs_io fiemap -v}: one of each per stripe expected. */
    static String checkStripes(Path file, long bytes) throws IOException {
        String out = Shell.check(List.of(Shell.tool("xfs_io"), "-r", "-c", "fiemap -v", file.toString()), 120);
        long unwrittenRows = 0;
        for (String line : out.split("\n")) {
            String t = line.strip();
            if (!t.matches("\\d+: \\[.*")) {
                continue;
            }
            String[] f = t.split("\\s+");
            String flags = f[f.length - 1];
            if (flags.startsWith("0x") && (Long.parseLong(flags.substring(2), 16) & 0x800) != 0) {
                unwrittenRows++;
            }
        }
        long stripes = bytes / 16384;
        if (unwrittenRows != stripes) {
            throw new IOException("layout check: " + unwrittenRows + " unwritten extents for " + stripes
                    + " stripes of W U U W in " + file + "\n" + out.lines().limit(12).reduce("", (a, b) -> a + b + "\n"));
        }
        return "W U U W verified: " + unwrittenRows + " unwritten extents for " + stripes + " stripes";
    }

    private static double seed000Run(Path file, int test, int jobs, long region) throws IOException {
        List<String> args = new ArrayList<>(List.of("--name=seed000-test" + test, "--filename=" + file,
                "--direct=1", "--ioengine=libaio", "--iodepth=1", "--size=" + region, "--offset_increment=" + region,
                "--numjobs=" + jobs, "--group_reporting", "--fallocate=none"));
        if (test == 1) {
            args.addAll(List.of("--rw=write", "--bs=8k"));
        } else {
            args.addAll(List.of("--rw=write:2k", "--bs=14336", "--offset=512"));
        }
        return fio(args, 900).writeIops();
    }

    private static double charRun(Path file, long bs, int jobs, Plan plan) throws IOException {
        return fio(List.of("--name=char" + bs, "--filename=" + file, "--rw=randwrite", "--bs=" + bs, "--direct=1",
                "--ioengine=libaio", "--iodepth=1", "--size=" + plan.charRegion(),
                "--offset_increment=" + plan.charRegion(), "--numjobs=" + jobs, "--group_reporting", "--time_based",
                "--runtime=" + Math.max(1, Math.round(plan.charSeconds() * 1000)) + "ms", "--norandommap",
                "--randrepeat=0", "--fallocate=none"), 600).writeIops();
    }

    // ------------------------------------------------------------------------------------------- fio

    /** fio's group result: I/Os and the slowest job's runtime, per direction. */
    record FioResult(double writeIos, double writeRuntimeMs, double readIos, double readRuntimeMs) {
        double writeIops() {
            if (writeRuntimeMs <= 0 || writeIos <= 0) {
                throw new IllegalStateException("fio reported no writes");
            }
            return writeIos * 1000 / writeRuntimeMs;
        }
    }

    static FioResult fio(List<String> args, long timeoutSeconds) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Shell.tool("fio"));
        cmd.add("--output-format=json");
        cmd.addAll(args);
        String out = Shell.check(cmd, timeoutSeconds);
        return parseFio(out);
    }

    /** Sums fio's JSON over its job entries (one with group_reporting): I/Os, and the longest runtime. */
    static FioResult parseFio(String json) {
        Object root = MiniJson.parse(json);
        Object jobs = MiniJson.at(root, "jobs");
        if (!(jobs instanceof List<?> list) || list.isEmpty()) {
            throw new IllegalArgumentException("fio JSON without jobs");
        }
        double wIos = 0;
        double wRt = 0;
        double rIos = 0;
        double rRt = 0;
        for (Object j : list) {
            wIos += MiniJson.number(j, "write", "total_ios");
            wRt = Math.max(wRt, MiniJson.number(j, "write", "runtime"));
            rIos += MiniJson.number(j, "read", "total_ios");
            rRt = Math.max(rRt, MiniJson.number(j, "read", "runtime"));
        }
        return new FioResult(wIos, wRt, rIos, rRt);
    }

    // ------------------------------------------------------------------------------------------- model side

    private static Map<String, Workload> characterisationWorkloads(Plan plan) {
        Map<String, Workload> m = new LinkedHashMap<>();
        m.put(CHAR_4K, random(CHAR_4K, 4096, plan.charRegion()));
        m.put(CHAR_64K, random(CHAR_64K, 65536, plan.charRegion()));
        long region = plan.unwrittenBytes();
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(4096), 0, region, 0, region, region,
                0, JobSpec.Engine.LIBAIO, 1, true, false, false, false, 4096);
        m.put(CHAR_UNWRITTEN, new Workload(CHAR_UNWRITTEN, 1, js, Workload.FileSharing.ONE_SHARED_FILE,
                InitialLayout.UNWRITTEN, List.of()));
        for (String s : SeedWorkloads.names()) {
            m.put(s, SeedWorkloads.get(s));
        }
        return m;
    }

    private static Workload random(String name, long bs, long region) {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(bs), 0, region, 0, region, region, 0,
                JobSpec.Engine.LIBAIO, 1, true, false, false, false, bs);
        return new Workload(name, 1, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN, List.of());
    }

    private static Cell charCell(String workload, String label, int jobs, double iops) {
        Column c = new Column(workload, "live", "device characterisation", label, Profiles.LOCAL_LOOP, workload,
                "ext4-base", Column.Adjustment.NONE, "all shared");
        return new Cell(c, jobs, Metric.IOPS, iops, true);
    }

    // ------------------------------------------------------------------------------------------- text

    /** The 1, 5 and 15 minute load averages. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.UTF_8).trim().split("\\s+");
            return f[0] + " / " + f[1] + " / " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    static String section(Plan plan, LiveData data, Profile local, double objective, int evaluations,
            List<Measurement> ms) {
        String kernel = data.kernel();
        String command = data.command();
        String fio = data.fio();
        int cores = data.cores();
        String load = data.load();
        String layoutCheck = data.layoutCheck();
        StringBuilder md = new StringBuilder();
        md.append("## 8. Live validation on this machine (Linux ").append(kernel).append(")\n\n");
        md.append("One recorded run of `").append(command).append("` (").append(plan.name()).append(" plan) on Linux ")
                .append(kernel).append(", ").append(cores).append(" CPUs, ").append(fio).append(": ext4 and XFS on ")
                .append(plan.imageBytes() >> 20).append(" MiB images on loop devices over a tmpfs. Measured numbers "
                        + "vary from run to run (this section is the only machine-dependent part of the report): "
                        + "each is the median of ").append(plan.repeats()).append(plan.repeats() == 1 ? " run"
                        : " runs, with the range").append("; load average (1 / 5 / 15 min) ").append(load)
                .append(", other processes included. The device characterisation refits `local-loop`; the "
                        + "seed-000 rows are predictions from that fit and were not used in it.\n\n");
        md.append("### Device characterisation (fio libaio iodepth 1, O_DIRECT, ext4; fits `local-loop`)\n\n");
        md.append("| run | jobs | measured IOPS | range | fitted model IOPS | error |\n"
                + "|---|---:|---:|---:|---:|---:|\n");
        for (Measurement m : ms) {
            if (m.group().equals("characterisation")) {
                md.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %s | %,.0f | %+.1f %% |%n", m.run(),
                        m.jobs(), m.measured(), range(m), m.predicted(), 100 * m.error()));
            }
        }
        md.append("\nReading this section: the loop device's work (copying into tmpfs) runs in a kernel worker on "
                + "the same vCPUs as fio and every other process, and a VM pays for waking an idle vCPU. The model has "
                + "no such wake-up cost, and running the device's service on its cores (`device.hostCpu`) fits no "
                + "better, so an all-shared sweep that does not scale like the model (compare its rows: a dip at 2 "
                + "jobs) leaves the fit to trade the device stage against Z and the latency. c, x and h are "
                + "`seed000-vm`'s scaled by the fitted Z. The ranges show how far single runs move.\n");
        md.append("\nFitted `local-loop` (objective ").append(String.format(Locale.ROOT, "%.3g", objective))
                .append(", ").append(evaluations).append(" evaluations): ");
        List<String> vals = new ArrayList<>();
        for (Param p : local.params()) {
            if (p.source() == Param.Source.FITTED || p.source() == Param.Source.MEASURED) {
                vals.add("`" + p.name() + "` = " + Profiles.format(p.value(), p.unit()));
            }
        }
        md.append(String.join(", ", vals)).append("; c, x and h are `seed000-vm`'s scaled by thinkNs: ")
                .append(Profiles.format(local.cost().lockedNs(), "ns")).append(", ")
                .append(Profiles.format(local.cost().relockNs(), "ns")).append(", ")
                .append(Profiles.format(local.cost().handoffNs(), "ns"))
                .append(" (not measurable in an all-shared characterisation).\n\n");
        md.append("### Seed 000's workloads, scaled to ").append(plan.seedRegion() >> 20)
                .append(" MiB per job (libaio iodepth 1, W U U W rebuilt before every run)\n\n");
        md.append("Layout: ").append(layoutCheck).append(".\n\n");
        md.append("| file system (policy) | test | jobs | measured IOPS | range | predicted IOPS | error |\n"
                + "|---|---|---:|---:|---:|---:|---:|\n");
        double max = 0;
        double sum = 0;
        int n = 0;
        for (Measurement m : ms) {
            if (m.group().equals("seed000")) {
                md.append(String.format(Locale.ROOT, "| %s (`%s`) | %s | %d | %,.0f | %s | %,.0f | %+.1f %% |%n",
                        m.fs(), m.policy(), m.run(), m.jobs(), m.measured(), range(m), m.predicted(),
                        100 * m.error()));
                max = Math.max(max, Math.abs(m.error()));
                sum += Math.abs(m.error());
                n++;
            }
        }
        md.append(String.format(Locale.ROOT, "%nSeed-000 rows: max |error| %.1f %%, mean |error| %.1f %% over %d "
                + "runs.%n", 100 * max, n == 0 ? 0 : 100 * sum / n, n));
        return md.toString();
    }

    private static String range(Measurement m) {
        return m.min() == m.max() ? "-" : String.format(Locale.ROOT, "%,.0f-%,.0f", m.min(), m.max());
    }
}

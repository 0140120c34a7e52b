package org.locktable.calibration.live;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Fitter;
import org.locktable.calibration.fit.Predictor;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Requirements;
import org.locktable.timing.profile.Param;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * Live validation on this machine: ext4 and XFS images on a tmpfs, attached to loop devices and mounted (the
 * rig's {@link org.locktable.rig.Sandbox}: all torn down in {@code finally} and from a shutdown hook), then
 * <ol>
 *   <li>a <b>device characterisation</b> with fio (libaio, O_DIRECT, on ext4), every run measured in rounds: 4 KiB
 *       and 64 KiB random overwrites of a written file at one job, 4 KiB overwrites with more jobs (all shared, each
 *       job its own region), all at iodepth 1; 4 KiB overwrites at iodepth {@value #QUEUED_DEPTH}; 4 KiB sequential
 *       writes into an unwritten (fallocated) file at iodepth 1 and {@value #QUEUED_DEPTH}. fio's CPU time and context
 *       switches give Z and the wake-up W ({@link #localLoop(LiveData)}); the {@code local-loop} profile's fitted
 *       parameters are refitted on the IOPS with the same {@link Fitter} as the seeds; the core count is this
 *       machine's;</li>
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
    /** What a live run needs: root, loop devices, tmpfs, ext4 and XFS, fio, the mkfs tools and xfs_io. */
    public static final Requirements REQUIREMENTS = Requirements.loopMounts()
            .tools("fio", "mkfs.ext4", "mkfs.xfs", "xfs_io").filesystems("ext4", "xfs");

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
                    new int[] {1, 2, 4, 8}, 5, new Fitter.Settings(Fidelity.FIT, 240, 1, 0.35, 1e-4));
        }

        /** Seconds long: tiny files, 1-2 jobs, one repetition, a short fit. */
        public static Plan tiny() {
            return new Plan("tiny", "1200m", 512L << 20, 4L << 20, 0.4, new int[] {1, 2}, 2L << 20, 4L << 20,
                    new int[] {1, 2}, 1, new Fitter.Settings(new Fidelity("live-tiny", 256, 0.01, 1), 40, 0, 0.35,
                            1e-3));
        }
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

    static final String CHAR_4K = "live-4k-overwrite";
    static final String CHAR_4K_QUEUED = "live-4k-overwrite-qd32";
    /** The queued characterisation run's iodepth: deep enough that fio's thread and the loop worker never sleep. */
    static final int QUEUED_DEPTH = 32;
    static final String CHAR_64K = "live-64k-overwrite";
    static final String CHAR_UNWRITTEN = "live-4k-unwritten";
    static final String CHAR_UNWRITTEN_QUEUED = "live-4k-unwritten-qd32";

    /** The queued unwritten run's file: 8 times the iodepth-1 run's, so that it lasts about as long. */
    static long queuedUnwrittenBytes(Plan plan) {
        return 8 * plan.unwrittenBytes();
    }

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
     * @param cpuPerIoNs the median of fio's CPU time (its job threads' user and system time) per I/O, ns
     * @param contextSwitchesPerIo the median of fio's context switches per I/O
     */
    public record MeasuredRun(String group, String fs, String column, String label, String policy, int jobs,
            double median, double min, double max, double cpuPerIoNs, double contextSwitchesPerIo) {
    }

    /**
     * What a live run measured, and the facts its section states: enough to refit {@code local-loop} and to predict
     * every run again with a later model ({@code validate.RecordedLiveRun} commits one).
     */
    public record LiveData(String plan, String command, String kernel, String fio, int cores, String load,
            String layoutCheck, List<MeasuredRun> runs) {

        /**
         * The characterisation runs whose repetitions spread wider than the pairs' repeatability limit (max / min
         * over 1.5): the section names them, their medians being less certain than the others'.
         */
        public List<String> unsteadyCharacterisation() {
            List<String> out = new ArrayList<>();
            for (MeasuredRun r : runs) {
                if (r.group().equals("characterisation") && r.max() > PairsSection.REPEATABLE_SPREAD * r.min()) {
                    out.add(String.format(java.util.Locale.ROOT, "%s at %d job(s): %,.0f-%,.0f IOPS", r.label(),
                            r.jobs(), r.min(), r.max()));
                }
            }
            return out;
        }
    }

    /**
     * Runs the plan: measures, fits {@code local-loop}, predicts. An {@link EnvironmentException} when the machine
     * cannot: something in {@link #REQUIREMENTS} missing, or a set-up step (mount, losetup, mkfs) failing.
     */
    public static Outcome run(Plan plan, String command) throws IOException {
        return run(plan, command, data -> { });
    }

    /** As {@link #run(Plan, String)}, handing the measurements to {@code measured} before fitting anything. */
    public static Outcome run(Plan plan, String command, IoConsumer<LiveData> measured) throws IOException {
        REQUIREMENTS.check();
        LiveData data = LiveLab.measure(plan, command);
        measured.accept(data);
        Fitter.Result fit = fit(data, plan, plan.fit());
        Profile local = localLoop(data).build(fit.values());
        return outcome(data, plan, local, fit);
    }

    /** A consumer that may fail with an {@link IOException}. */
    @FunctionalInterface
    public interface IoConsumer<T> {
        void accept(T value) throws IOException;
    }

    /** The outcome of {@code data} with {@code local}, the result of {@code fit}, as {@code local-loop}. */
    public static Outcome outcome(LiveData data, Plan plan, Profile local, Fitter.Result fit) {
        List<Measurement> ms = predict(data, plan, local);
        String section = LiveSection.render(plan, data, local, fit.objective(), fit.evaluations(), ms);
        return new Outcome(data, local, fit, ms, section);
    }

    /**
     * {@code local-loop}'s specification with what {@code data} measured: the core count, and from fio's CPU time
     * and context switches, the submitter's costs. At iodepth {@value #QUEUED_DEPTH} fio's thread never sleeps, so
     * its CPU per I/O is Z + c (split in seed000-vm's proportion, as c is derived); at iodepth 1 it sleeps once per
     * I/O, and the difference per context switch is the wake-up W.
     */
    public static ProfileSpec localLoop(LiveData data) {
        MeasuredRun one = run(data, CHAR_4K, 1);
        MeasuredRun queued = run(data, CHAR_4K_QUEUED, 1);
        double lockedPerThink = lockedPerThink();
        Map<String, Double> measured = measuredValues(data);
        String runs = " (4 KiB random overwrites on ext4, 1 job, medians of the repetitions; " + data.kernel() + ")";
        return Profiles.spec(Profiles.LOCAL_LOOP)
                .with("cost.cores", Param.Source.MEASURED, data.cores(),
                        "Runtime.availableProcessors() on the recorded run (" + data.kernel() + ")")
                .with("cost.thinkNs", Param.Source.MEASURED, measured.get("cost.thinkNs"), String.format(
                        java.util.Locale.ROOT, "fio's CPU time per I/O at iodepth %d, where its thread never sleeps "
                        + "(%.0f ns, %.3f context switches per I/O), is Z + c; split in seed000-vm's proportion "
                        + "(c / Z = %.2f)%s", QUEUED_DEPTH, queued.cpuPerIoNs(), queued.contextSwitchesPerIo(),
                        lockedPerThink, runs))
                .with("cost.wakeNs", Param.Source.MEASURED, measured.get("cost.wakeNs"), String.format(
                        java.util.Locale.ROOT, "fio's extra CPU time per context switch: (%.0f - %.0f ns per I/O) / "
                        + "(%.3f - %.3f switches per I/O), iodepth 1 against iodepth %d%s", one.cpuPerIoNs(),
                        queued.cpuPerIoNs(), one.contextSwitchesPerIo(), queued.contextSwitchesPerIo(), QUEUED_DEPTH,
                        runs));
    }

    /**
     * The parameters {@code data} measures, four significant digits: Z (fio's CPU per I/O at iodepth
     * {@value #QUEUED_DEPTH} over 1 + c / Z) and W ({@link #wakeNs}). They are committed with the fitted values.
     */
    public static Map<String, Double> measuredValues(LiveData data) {
        MeasuredRun one = run(data, CHAR_4K, 1);
        MeasuredRun queued = run(data, CHAR_4K_QUEUED, 1);
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("cost.thinkNs", round(queued.cpuPerIoNs() / (1 + lockedPerThink())));
        m.put("cost.wakeNs", round(wakeNs(one, queued)));
        return m;
    }

    /** c / Z of seed000-vm, the proportion local-loop's c is derived in. */
    private static double lockedPerThink() {
        Profile s000 = Profiles.get(Profiles.SEED000_VM);
        return s000.cost().lockedNs() / s000.cost().thinkNs();
    }

    /** The wake-up W: fio's CPU per I/O against its context switches per I/O, between a sleeping and a busy run. */
    static double wakeNs(MeasuredRun sleeping, MeasuredRun busy) {
        double switches = sleeping.contextSwitchesPerIo() - busy.contextSwitchesPerIo();
        if (!(switches > 0.5)) {
            throw new IllegalArgumentException("the iodepth-1 run switched context " + sleeping.contextSwitchesPerIo()
                    + " times per I/O, the queued run " + busy.contextSwitchesPerIo() + ": no wake-up to measure");
        }
        return Math.max(0, (sleeping.cpuPerIoNs() - busy.cpuPerIoNs()) / switches);
    }

    /** Four significant digits, as the committed values. */
    private static double round(double v) {
        return Double.parseDouble(String.format(java.util.Locale.ROOT, "%.4g", v));
    }

    /** Fits {@code local-loop}'s fitted parameters on {@code data}'s characterisation runs. */
    public static Fitter.Result fit(LiveData data, Plan plan, Fitter.Settings settings) {
        List<Cell> cells = characterisationCells(data);
        Map<String, Workload> workloads = characterisationWorkloads(plan);
        ProfileSpec spec = localLoop(data);
        Map<String, Double> start = analyticStart(spec.build(), data.cores(), run(data, CHAR_4K, 1).median(),
                run(data, CHAR_4K_QUEUED, 1).median(), run(data, CHAR_64K, 1).median(),
                run(data, CHAR_UNWRITTEN, 1).median());
        Fitter.Result fit = Fitter.fit(spec, cells, settings, start, Profiles::get, workloads::get);
        Map<String, Double> values = new LinkedHashMap<>(fit.values());
        values.putAll(measuredValues(data));
        return new Fitter.Result(values, fit.objective(), fit.evaluations(), fit.errors());
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

    /** Every run of {@code data}, measured and as {@code local} predicts it, in {@code data}'s order. */
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

    /**
     * A starting point by hand, with the measured Z, c and W of {@code measured}: the 4 KiB and 64 KiB cycle times
     * give the per-byte cost; the queued run, where both CPUs are busy with fio's thread and the loop worker, gives
     * the worker's CPU per request (cores / IOPS - (Z + c)); what the 1-job cycle has beyond both is split evenly
     * between the worker's wake-up and the latency; the unwritten run gives the conversion. The fitter refines it.
     */
    static Map<String, Double> analyticStart(Profile measured, int cores, double iops4k, double iopsQueued,
            double iops64k, double iopsUnwritten) {
        double t4 = 1e9 / iops4k;
        double perByte = Math.max((1e9 / iops64k - t4) / 61440, 0.01);
        double submitter = measured.cost().thinkNs() + measured.cost().lockedNs();
        double worker = Math.max(cores * 1e9 / iopsQueued - submitter, 0.1 * t4);
        double perCommand = Math.max(worker - 4096 * perByte, 0.05 * t4);
        double rest = Math.max(t4 - submitter - measured.cost().wakeNs() - worker, 0.1 * t4);
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("device.latencyNs", 0.5 * rest);
        m.put("device.perCommandNs", perCommand);
        m.put("device.bytesPerSecond", 1e9 / perByte);
        m.put("device.wakeNs", 0.5 * rest);
        m.put("cost.conversionNs", Math.max(1e9 / iopsUnwritten - t4, 200));
        return m;
    }

    // ------------------------------------------------------------------------------------------- model side

    private static Map<String, Workload> characterisationWorkloads(Plan plan) {
        Map<String, Workload> m = new LinkedHashMap<>();
        m.put(CHAR_4K, random(CHAR_4K, 4096, 1, plan.charRegion()));
        m.put(CHAR_4K_QUEUED, random(CHAR_4K_QUEUED, 4096, QUEUED_DEPTH, plan.charRegion()));
        m.put(CHAR_64K, random(CHAR_64K, 65536, 1, plan.charRegion()));
        long region = plan.unwrittenBytes();
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(4096), 0, region, 0, region, region,
                0, JobSpec.Engine.LIBAIO, 1, true, false, false, false, 4096);
        m.put(CHAR_UNWRITTEN, new Workload(CHAR_UNWRITTEN, 1, js, Workload.FileSharing.ONE_SHARED_FILE,
                InitialLayout.UNWRITTEN, List.of()));
        long queued = queuedUnwrittenBytes(plan);
        JobSpec jq = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(4096), 0, queued, 0, queued, queued,
                0, JobSpec.Engine.LIBAIO, QUEUED_DEPTH, true, false, false, false, 4096);
        m.put(CHAR_UNWRITTEN_QUEUED, new Workload(CHAR_UNWRITTEN_QUEUED, 1, jq, Workload.FileSharing.ONE_SHARED_FILE,
                InitialLayout.UNWRITTEN, List.of()));
        for (String s : SeedWorkloads.names()) {
            m.put(s, SeedWorkloads.get(s));
        }
        return m;
    }

    private static Workload random(String name, long bs, int iodepth, long region) {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(bs), 0, region, 0, region, region, 0,
                JobSpec.Engine.LIBAIO, iodepth, true, false, false, false, bs);
        return new Workload(name, 1, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN, List.of());
    }

    private static Cell charCell(String workload, String label, int jobs, double iops) {
        Column c = new Column(workload, "live", "device characterisation", label, Profiles.LOCAL_LOOP, workload,
                "ext4-base", Column.Adjustment.NONE, "all shared");
        return new Cell(c, jobs, Metric.IOPS, iops, true);
    }
}

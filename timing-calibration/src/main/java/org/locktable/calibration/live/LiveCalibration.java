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
                    new int[] {1, 2, 4, 8}, 3, new Fitter.Settings(Fidelity.FIT, 240, 1, 0.35, 1e-4));
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
    static final String CHAR_64K = "live-64k-overwrite";
    static final String CHAR_UNWRITTEN = "live-4k-unwritten";

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

    /**
     * Runs the plan: measures, fits {@code local-loop}, predicts. An {@link EnvironmentException} when the machine
     * cannot: something in {@link #REQUIREMENTS} missing, or a set-up step (mount, losetup, mkfs) failing.
     */
    public static Outcome run(Plan plan, String command) throws IOException {
        REQUIREMENTS.check();
        LiveData data = LiveLab.measure(plan, command);
        Fitter.Result fit = fit(data, plan, plan.fit());
        Profile local = localLoop(data).build(fit.values());
        return outcome(data, plan, local, fit);
    }

    /** The outcome of {@code data} with {@code local}, the result of {@code fit}, as {@code local-loop}. */
    public static Outcome outcome(LiveData data, Plan plan, Profile local, Fitter.Result fit) {
        List<Measurement> ms = predict(data, plan, local);
        String section = LiveSection.render(plan, data, local, fit.objective(), fit.evaluations(), ms);
        return new Outcome(data, local, fit, ms, section);
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
}

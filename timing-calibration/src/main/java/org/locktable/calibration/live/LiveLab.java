package org.locktable.calibration.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.locktable.calibration.live.LiveCalibration.LiveData;
import org.locktable.calibration.live.LiveCalibration.MeasuredRun;
import org.locktable.calibration.live.LiveCalibration.Plan;
import org.locktable.rig.FileMap;
import org.locktable.rig.LoopFsSpec;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * The root-only part of a live run: makes ext4 and XFS on loop devices over a tmpfs (the rig's {@link Sandbox}),
 * runs the device characterisation and seed 000's workloads with fio, and returns what it measured.
 */
final class LiveLab {
    /** The prefix of the tmpfs directory: a loop device over a live run's image names it in {@code losetup -a}. */
    static final String TMPFS_PREFIX = "locktable-live-";

    private LiveLab() {
    }

    /**
     * A repeated measurement: the median IOPS and the range; the medians of fio's CPU time and context switches
     * per I/O.
     */
    record Repeated(double median, double min, double max, double cpuPerIoNs, double contextSwitchesPerIo) {
        static Repeated of(double[] v) {
            double[] zero = new double[v.length];
            return of(v, zero, zero);
        }

        static Repeated of(double[] iops, double[] cpu, double[] ctx) {
            double[] s = iops.clone();
            java.util.Arrays.sort(s);
            return new Repeated(median(iops), s[0], s[s.length - 1], median(cpu), median(ctx));
        }

        /** Write IOPS, CPU time and context switches per I/O of fio's results. */
        static Repeated of(FioJson.FioResult[] results) {
            int n = results.length;
            double[] iops = new double[n];
            double[] cpu = new double[n];
            double[] ctx = new double[n];
            for (int i = 0; i < n; i++) {
                iops[i] = results[i].writeIops();
                cpu[i] = results[i].cpuPerIoNs();
                ctx[i] = results[i].contextSwitchesPerIo();
            }
            return of(iops, cpu, ctx);
        }

        private static double median(double[] v) {
            double[] s = v.clone();
            java.util.Arrays.sort(s);
            int n = s.length;
            return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        }
    }

    @FunctionalInterface
    private interface Measure {
        FioJson.FioResult once() throws IOException;
    }

    private static Repeated repeat(int n, Measure m) throws IOException {
        FioJson.FioResult[] r = new FioJson.FioResult[n];
        for (int i = 0; i < n; i++) {
            r[i] = m.once();
        }
        return Repeated.of(r);
    }

    /** The I/O part of a live run: characterisation and seed-000 runs on freshly made file systems. */
    public static LiveData measure(Plan plan, String command) throws IOException {
        String kernel = Shell.check(List.of("uname", "-r"), 10).strip();
        String fioVersion = Shell.check(List.of(Shell.tool("fio"), "--version"), 10).strip();
        int cores = Runtime.getRuntime().availableProcessors();
        List<MeasuredRun> runs = new ArrayList<>();
        try (Sandbox box = new Sandbox()) {
            Path root = box.tmpfs(TMPFS_PREFIX, plan.tmpfs());
            Path ext4 = mountFs(box, root, "ext4", plan.imageBytes());
            Path xfs = mountFs(box, root, "xfs", plan.imageBytes());

            // 1. characterisation on ext4
            String loadBefore = loadAverage();
            int maxJobs = plan.charJobs()[plan.charJobs().length - 1];
            Path written = ext4.resolve("char.file");
            FioJson.run(box, List.of("--name=fill", "--filename=" + written, "--rw=write", "--bs=1m", "--direct=1",
                    "--ioengine=psync", "--size=" + maxJobs * plan.charRegion()), 600);
            Path unwritten = ext4.resolve("unwritten.file");
            List<CharRun> planned = new ArrayList<>();
            for (int n : plan.charJobs()) {
                planned.add(new CharRun(LiveCalibration.CHAR_4K, "4 KiB random overwrite", n,
                        () -> charRun(box, written, 4096, n, 1, plan)));
            }
            planned.add(new CharRun(LiveCalibration.CHAR_4K_QUEUED, "4 KiB random overwrite, iodepth "
                    + LiveCalibration.QUEUED_DEPTH, 1, () -> charRun(box, written, 4096, 1,
                    LiveCalibration.QUEUED_DEPTH, plan)));
            planned.add(new CharRun(LiveCalibration.CHAR_64K, "64 KiB random overwrite", 1,
                    () -> charRun(box, written, 65536, 1, 1, plan)));
            planned.add(new CharRun(LiveCalibration.CHAR_UNWRITTEN, "4 KiB sequential into unwritten", 1,
                    () -> unwrittenRun(box, unwritten, plan.unwrittenBytes(), 1)));
            planned.add(new CharRun(LiveCalibration.CHAR_UNWRITTEN_QUEUED, "4 KiB sequential into unwritten, iodepth "
                    + LiveCalibration.QUEUED_DEPTH, 1, () -> unwrittenRun(box, unwritten,
                    LiveCalibration.queuedUnwrittenBytes(plan), LiveCalibration.QUEUED_DEPTH)));
            List<Repeated> results = roundRobin(planned.stream().map(CharRun::measure).toList(), plan.repeats());
            for (int i = 0; i < planned.size(); i++) {
                CharRun c = planned.get(i);
                runs.add(charRun(c.column(), c.label(), c.jobs(), results.get(i)));
            }
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
                            buildStripes(box, file, n * plan.seedRegion());
                            FioJson.FioResult v = seed000Run(box, file, t, n, plan.seedRegion());
                            Files.deleteIfExists(file);
                            return v;
                        });
                        if (layoutCheck == null) {
                            buildStripes(box, file, n * plan.seedRegion());
                            layoutCheck = checkStripes(file, n * plan.seedRegion()) + " (" + fs[0] + ", "
                                    + n * plan.seedRegion() / 1024 + " KiB)";
                            Files.deleteIfExists(file);
                        }
                        runs.add(new MeasuredRun("seed000", (String) fs[0], "Test " + test, "Test " + test,
                                (String) fs[2], n, measured.median(), measured.min(), measured.max(),
                                measured.cpuPerIoNs(), measured.contextSwitchesPerIo()));
                    }
                }
            }
            String load = loadBefore + " before, " + loadAverage() + " after";
            return new LiveData(plan.name(), command, kernel, fioVersion, cores, load, layoutCheck, List.copyOf(runs));
        }
    }

    /** One characterisation run: what the section calls it and how to measure it once. */
    private record CharRun(String column, String label, int jobs, Measure measure) {
    }

    /**
     * Measures every run {@code repeats} times in rounds, each round running every run once, so that a slow spell
     * of the machine (another VM on the host) falls on all of them rather than on one run's repetitions. The
     * results are in {@code measures}' order.
     */
    private static List<Repeated> roundRobin(List<Measure> measures, int repeats) throws IOException {
        FioJson.FioResult[][] r = new FioJson.FioResult[measures.size()][repeats];
        for (int rep = 0; rep < repeats; rep++) {
            for (int i = 0; i < measures.size(); i++) {
                r[i][rep] = measures.get(i).once();
            }
        }
        List<Repeated> out = new ArrayList<>();
        for (FioJson.FioResult[] one : r) {
            out.add(Repeated.of(one));
        }
        return out;
    }

    private static MeasuredRun charRun(String column, String label, int jobs, Repeated r) {
        return new MeasuredRun("characterisation", "ext4", column, label, "ext4-base", jobs, r.median(), r.min(),
                r.max(), r.cpuPerIoNs(), r.contextSwitchesPerIo());
    }

    /**
     * A file system of {@code type} on a loop device (4 KiB blocks, 512-byte sectors, buffered loop I/O) over an
     * image on {@code root}, mounted on {@code root/type}. The loop device is attached first and mkfs runs on it,
     * so that mkfs sees the device the measurements go through.
     */
    static Path mountFs(Sandbox box, Path root, String type, long bytes) throws IOException {
        LoopFsSpec spec = new LoopFsSpec(type, bytes, 4096, LoopFsSpec.DEFAULT_SECTOR_SIZE, false);
        Path img = box.image(root.resolve(type + ".img"), spec.imageBytes());
        String dev = box.attachLoop(img, spec.sectorSize(), spec.directIo());
        box.mkfs(spec, dev, "the live " + type);
        Path mnt = box.mkdir(root.resolve(type));
        box.mount(dev, mnt, type);
        return mnt;
    }

    /** Sequential 4 KiB direct writes into a freshly fallocated (unwritten) file of {@code bytes}. */
    private static FioJson.FioResult unwrittenRun(Sandbox box, Path file, long bytes, int iodepth)
            throws IOException {
        falloc(box, file, bytes);
        return FioJson.run(box, List.of("--name=unwritten", "--filename=" + file, "--rw=write", "--bs=4k",
                "--direct=1", "--ioengine=libaio", "--iodepth=" + iodepth, "--size=" + bytes), 600);
    }

    private static void falloc(Sandbox box, Path file, long bytes) throws IOException {
        Files.deleteIfExists(file);
        box.check(List.of(Shell.tool("xfs_io"), "-f", "-c", "falloc 0 " + bytes, file.toString()), 120);
    }

    /** Seed 000's "[W][U][U][W]" per 16 KiB: fallocate (unwritten), then write blocks 0 and 3 of every stripe. */
    static void buildStripes(Sandbox box, Path file, long bytes) throws IOException {
        falloc(box, file, bytes);
        List<String> args = new ArrayList<>();
        for (long off : new long[] {0, 12288}) {
            args.addAll(List.of("--name=stripe" + off, "--filename=" + file, "--rw=write:12k", "--bs=4k",
                    "--direct=1", "--ioengine=psync", "--fallocate=none", "--offset=" + off, "--size=" + (bytes - off)));
        }
        FioJson.run(box, args, 600);
    }

    /** Counts the unwritten extents with {@code xfs_io fiemap -v} ({@link FileMap}): one per stripe expected. */
    static String checkStripes(Path file, long bytes) throws IOException {
        FileMap map = FileMap.of(file);
        long unwritten = map.unwrittenExtents();
        long stripes = bytes / 16384;
        if (unwritten != stripes) {
            throw new IOException("layout check: " + unwritten + " unwritten extents for " + stripes
                    + " stripes of W U U W in " + file + ": " + shortened(map.toString()));
        }
        return "W U U W verified: " + unwritten + " unwritten extents for " + stripes + " stripes";
    }

    private static String shortened(String text) {
        return text.length() <= 400 ? text : text.substring(0, 400) + "...";
    }

    private static FioJson.FioResult seed000Run(Sandbox box, Path file, int test, int jobs, long region)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("--name=seed000-test" + test, "--filename=" + file,
                "--direct=1", "--ioengine=libaio", "--iodepth=1", "--size=" + region, "--offset_increment=" + region,
                "--numjobs=" + jobs, "--group_reporting", "--fallocate=none"));
        if (test == 1) {
            args.addAll(List.of("--rw=write", "--bs=8k"));
        } else {
            args.addAll(List.of("--rw=write:2k", "--bs=14336", "--offset=512"));
        }
        return FioJson.run(box, args, 900);
    }

    private static FioJson.FioResult charRun(Sandbox box, Path file, long bs, int jobs, int iodepth, Plan plan)
            throws IOException {
        return FioJson.run(box, List.of("--name=char" + bs, "--filename=" + file, "--rw=randwrite", "--bs=" + bs,
                "--direct=1", "--ioengine=libaio", "--iodepth=" + iodepth, "--size=" + plan.charRegion(),
                "--offset_increment=" + plan.charRegion(), "--numjobs=" + jobs, "--group_reporting", "--time_based",
                "--runtime=" + Math.max(1, Math.round(plan.charSeconds() * 1000)) + "ms", "--norandommap",
                "--randrepeat=0", "--fallocate=none"), 600);
    }

    /** The 1, 5 and 15 minute load averages. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.UTF_8).trim().split("\\s+");
            return f[0] + " / " + f[1] + " / " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}

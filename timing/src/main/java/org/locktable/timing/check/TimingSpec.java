package org.locktable.timing.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.locktable.timing.fio.CommandLine;
import org.locktable.timing.fio.FioEnvironment;
import org.locktable.timing.fio.FioParseException;
import org.locktable.timing.fio.FioParser;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * One timing table to simulate, as a {@code @Workload} scenario states it: a device profile, a workload (a seed
 * workload by name, or inline fio options), the job counts (table rows), the policies (columns, the first is
 * the baseline of the speedups), a seed, and a cap on the simulated work.
 *
 * @param device a {@link TimingProfiles} name
 * @param workload a {@link SeedWorkloads} name, or "" when {@code fio} is given
 * @param fio inline fio options ({@code "rw=write bs=8k ioengine=libaio iodepth=1 size=64m"}; a leading
 *            {@code --} on each is optional), or "" when {@code workload} is given
 * @param jobs job counts, one row each, in order
 * @param policies policy ids, one column each, in order
 * @param seed the simulator's seed
 * @param iosPerJob at most about this many I/Os per job: fixed work is cut to that many I/Os and a time-based
 *                  job becomes fixed work of that many I/Os; 0 runs the workload at full size
 */
public record TimingSpec(String device, String workload, String fio, List<Integer> jobs, List<String> policies,
        long seed, int iosPerJob) {

    /** The {@code iosPerJob} a {@code @Workload} uses unless told otherwise. */
    public static final int DEFAULT_IOS_PER_JOB = 4096;

    public TimingSpec {
        jobs = List.copyOf(jobs);
        policies = List.copyOf(policies);
    }

    public static TimingSpec of(String device, String workload, String fio, List<Integer> jobs, List<String> policies,
            long seed, int iosPerJob) {
        return new TimingSpec(device, workload, fio, jobs, policies, seed, iosPerJob);
    }

    /** The workload's name in tables: the seed workload's, or {@code fio: <options>}. */
    public String workloadLabel() {
        return workload.isEmpty() ? "fio: " + fio.strip() : workload;
    }

    /**
     * The workload as named or written, at full size.
     *
     * @throws IllegalArgumentException for an unknown workload name
     * @throws FioParseException for inline fio options that cannot be read
     */
    public Workload baseWorkload() {
        return workload.isEmpty() ? inlineFio(fio, "inline") : SeedWorkloads.get(workload);
    }

    /** The workload this spec simulates: {@link #baseWorkload()} cut to {@link #iosPerJob()}. */
    public Workload simulatedWorkload() {
        return scale(baseWorkload(), iosPerJob);
    }

    /** Runs the table (one simulation per policy × job count). */
    public TimingTable run() {
        return run(null);
    }

    /** Runs the table, telling {@code progress} after each cell. */
    public TimingTable run(TimingTable.Progress progress) {
        TimingProfiles.Resolved p = TimingProfiles.get(device);
        return TimingTable.run(device, workloadLabel(), p.device(), p.cost(), simulatedWorkload(), policies, jobs, seed,
                progress);
    }

    /**
     * Simulated I/Os for the whole table, about: for sizing compile-time runs. -1 when unknown (a time-based
     * workload run at full size).
     */
    public long estimatedIos() {
        Workload w = simulatedWorkload();
        JobSpec s = w.job();
        if (s.timeBasedSeconds() > 0) {
            return -1;
        }
        long perJob = perJobBytes(w) / Math.max(1, Math.round(meanSize(s)));
        long jobSum = 0;
        for (int n : jobs) {
            jobSum += n;
        }
        return perJob * jobSum * policies.size();
    }

    /**
     * Inline fio options as one job: {@code "rw=write bs=8k"} or {@code "--rw=write --bs=8k"}, split as a shell
     * would; the job is named {@code name} unless the options give {@code name=}.
     *
     * @throws FioParseException naming the argument that cannot be read
     */
    public static Workload inlineFio(String options, String name) {
        List<String> args = new ArrayList<>();
        boolean named = false;
        for (String word : CommandLine.split(options)) {
            String a = word.startsWith("-") ? word : "--" + word;
            named |= a.startsWith("--name=");
            args.add(a);
        }
        if (args.isEmpty()) {
            throw FioParseException.atArgument("", "no fio options given");
        }
        if (!named) {
            args.add(0, "--name=" + name);
        }
        List<Workload> ws = new FioParser(FioEnvironment.defaults().withIncludes(Map.of())).parseArguments(args);
        if (ws.size() != 1) {
            throw FioParseException.atArgument(options, "gives " + ws.size() + " jobs; inline options describe one");
        }
        return ws.get(0);
    }

    /**
     * {@code w} with at most about {@code iosPerJob} I/Os per job: fixed work cut to that many I/Os of the mean
     * size (never grown), a time-based job made fixed work of that many I/Os; a pack of jobs appending to one file
     * to no fewer than {@link RunLength#PACK_IOS_PER_JOB}. 0 leaves {@code w} as it is.
     */
    public static Workload scale(Workload w, int iosPerJob) {
        if (iosPerJob <= 0) {
            return w;
        }
        JobSpec s = w.job();
        long want = Math.max(1, Math.round(RunLength.settled(w, iosPerJob) * meanSize(s)));
        boolean timeBased = s.timeBasedSeconds() > 0;
        long have = perJobBytes(w);
        if (!timeBased && have <= want) {
            return w;
        }
        JobSpec scaled = new JobSpec(s.pattern(), s.readPercent(), s.blockSizes(), s.offset(), s.offsetIncrement(),
                s.skip(), s.region(), want, 0, s.engine(), s.iodepth(), s.direct(), s.dsync(), s.writethrough(),
                s.noserial(), s.alignment(), s.syncFileRange());
        return new Workload(w.name(), w.jobs(), scaled, w.files(), w.initialLayout(), w.warnings());
    }

    /** Bytes one job transfers under fixed work (the simulator's rule). */
    private static long perJobBytes(Workload w) {
        JobSpec s = w.job();
        if (s.ioBytes() > 0) {
            return s.ioBytes();
        }
        return s.region() * Math.max(1, w.files().filesPerJob());
    }

    /** The mean I/O size, bytes, over the read/write mix. */
    public static double meanSize(JobSpec s) {
        double r = mean(s.blockSizes().reads(), s.blockSizes().range());
        double wr = mean(s.blockSizes().writes(), s.blockSizes().range());
        double f = s.readPercent() / 100.0;
        return f * r + (1 - f) * wr;
    }

    private static double mean(List<BlockSizes.Weighted> sizes, boolean range) {
        if (sizes.isEmpty()) {
            return 4096;
        }
        if (range || sizes.size() == 1) {
            long min = Long.MAX_VALUE;
            long max = 0;
            for (BlockSizes.Weighted w : sizes) {
                min = Math.min(min, w.bytes());
                max = Math.max(max, w.bytes());
            }
            return (min + max) / 2.0;
        }
        double sum = 0;
        int total = 0;
        for (BlockSizes.Weighted w : sizes) {
            sum += (double) w.bytes() * Math.max(0, w.percent());
            total += Math.max(0, w.percent());
        }
        return total > 0 ? sum / total : sizes.get(0).bytes();
    }
}

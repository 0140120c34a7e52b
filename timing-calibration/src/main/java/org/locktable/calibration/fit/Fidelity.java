package org.locktable.calibration.fit;

import org.locktable.timing.check.RunLength;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * How much of a seed's work the simulator runs. The seeds' runs are long (1 GiB per job, 120 s, 30 s); the
 * simulator's steady state is reached after a few hundred I/Os per job (the timing README's scale-invariance
 * test: 4 vs 32 MiB per job within 2 %), so fixed work is cut to {@code iosPerJob} I/Os per job and time-based
 * runs to {@code seconds}. Not where jobs contend for the same folios: a pack of jobs appending to one file (seed
 * 002 Table 1) settles only after thousands of writes per job, so it is cut to {@link RunLength#settled}, the same
 * length at every fidelity. The random seed is part of the fidelity: the same fidelity gives the same numbers.
 *
 * <p>A prediction is the mean of {@code replications} independent runs, seeds {@code seed}, {@code seed + 1}, ...
 * (the method of independent replications). One run is enough where jobs do not interact beyond queueing; where
 * they contend for folios (seed 002 Table 1's Buffered column at 8 and 16 jobs) one run's IOPS moves from seed to
 * seed, and a fit on one seed finds the parameters where that seed happens to land high.
 *
 * @param name for reports
 * @param iosPerJob I/Os each job issues in a fixed-work run (even: seed 000's regions must cover whole stripes)
 * @param seconds simulated runtime of a time-based run
 * @param seed the simulator's random seed (of the first replication)
 * @param replications independent runs per prediction, at least 1
 */
public record Fidelity(String name, long iosPerJob, double seconds, long seed, int replications) {

    /** The unit tests' re-fit: small and quick. */
    public static final Fidelity QUICK = new Fidelity("quick", 512, 0.02, 1);
    /** What the committed parameters were fitted at. */
    public static final Fidelity FIT = new Fidelity("fit", 1024, 0.04, 1, 4);
    /** What the validation report runs. */
    public static final Fidelity REPORT = new Fidelity("report", 4096, 0.2, 1, 4);

    public Fidelity {
        if (iosPerJob < 2 || iosPerJob % 2 != 0 || !(seconds > 0) || replications < 1) {
            throw new IllegalArgumentException("bad fidelity " + iosPerJob + " I/Os, " + seconds + " s, "
                    + replications + " replications");
        }
    }

    /** One run per prediction. */
    public Fidelity(String name, long iosPerJob, double seconds, long seed) {
        this(name, iosPerJob, seconds, seed, 1);
    }

    /**
     * The workload cut down. Time based: {@code seconds}. Fixed work with {@code offset_increment} equal to the
     * region (seed 000: each job its own region of a shared file): the region becomes {@code iosPerJob} strides
     * ({@code bs + skip}). Any other fixed work: {@code io_size} becomes {@code iosPerJob} I/Os, the file keeps
     * its size.
     */
    public Workload scale(Workload w) {
        JobSpec j = w.job();
        long bs = j.blockSizes().smallestWrite();
        JobSpec s;
        if (j.timeBasedSeconds() > 0) {
            s = with(j, j.offsetIncrement(), j.region(), j.ioBytes(), seconds);
        } else if (j.pattern() == JobSpec.Pattern.SEQUENTIAL && j.offsetIncrement() > 0
                && j.offsetIncrement() == j.region()) {
            long region = iosPerJob * (bs + j.skip());
            s = with(j, region, region, region, 0);
        } else {
            long io = Math.min(j.ioBytes() > 0 ? j.ioBytes() : Long.MAX_VALUE, RunLength.settled(w, iosPerJob) * bs);
            s = with(j, j.offsetIncrement(), j.region(), io, 0);
        }
        return new Workload(w.name(), w.jobs(), s, w.files(), w.initialLayout(), w.warnings());
    }

    private static JobSpec with(JobSpec j, long offsetIncrement, long region, long ioBytes, double seconds) {
        return new JobSpec(j.pattern(), j.readPercent(), j.blockSizes(), j.offset(), offsetIncrement, j.skip(), region,
                ioBytes, seconds, j.engine(), j.iodepth(), j.direct(), j.dsync(), j.writethrough(), j.noserial(),
                j.alignment(), j.syncFileRange());
    }
}

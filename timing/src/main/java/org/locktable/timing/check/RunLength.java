package org.locktable.timing.check;

import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * How many I/Os per job a cut-down run needs to reach the model's steady state. Most workloads settle within a
 * few hundred I/Os per job, so a cut changes their IOPS only by end effects. A <em>pack</em> does not: several jobs
 * writing one shared file sequentially from the same offset (seed 002 Table 1: {@code file_append} on a shared
 * filename), where the job in front extends the file, the others rewrite what it wrote, and they contend for the
 * same folios. How the pack spreads out (a job that gets ahead writes folios nobody else writes) takes thousands
 * of writes per job: with {@code seed002-pm173x}'s values fitted on 3 December (at 1,024 writes per job), 16 jobs
 * ran at 517, 786, 991 and 1,005 MiB/s at 1,024, 4,096, 16,384 and 65,536 writes per job, and 8 jobs at 387, 434,
 * 416 and 412 (one run each). With the values of 4 December (5 cores, fitted at this length; the mean of seeds 1 to
 * 4) 8 jobs run at 332, 370, 370 and 377 MiB/s, and 377 at 262,144: settled. 16 jobs run at 414, 463, 483 and 517,
 * and 545 at 262,144: they still gain 5 to 7 % for every fourfold length, so at the seed's own 2 GiB (524,288
 * writes) per job the model would put that cell roughly a tenth above what a cut at {@link #PACK_IOS_PER_JOB}
 * says. A pack is cut to no fewer than {@link #PACK_IOS_PER_JOB} writes per job, in the fit and the report alike.
 */
public final class RunLength {
    /**
     * Writes per job after which a pack of 8 jobs is within 3 % of its IOPS at four times the length, and one of 16
     * within 10 % (the class comment).
     */
    public static final long PACK_IOS_PER_JOB = 16_384;

    private RunLength() {
    }

    /**
     * The workload's jobs write one shared file sequentially, every job from the same offset: a pack when there is
     * more than one (the job count is not looked at, since a table's rows set it after the cut).
     */
    public static boolean isPack(Workload w) {
        JobSpec j = w.job();
        return w.files().shared() && w.files().filesPerJob() == 1
                && j.pattern() == JobSpec.Pattern.SEQUENTIAL && j.readPercent() < 100 && j.offsetIncrement() == 0;
    }

    /** The I/Os per job a cut to {@code iosPerJob} should run: at least {@link #PACK_IOS_PER_JOB} for a pack. */
    public static long settled(Workload w, long iosPerJob) {
        return isPack(w) ? Math.max(iosPerJob, PACK_IOS_PER_JOB) : iosPerJob;
    }
}

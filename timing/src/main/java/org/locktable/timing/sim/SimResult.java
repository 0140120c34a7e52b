package org.locktable.timing.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The outcome of one run, with fio's rules: IOPS = Σ I/Os of all jobs / the slowest job's runtime (fixed work)
 * or / the runtime (time based); MiB/s likewise with bytes.
 *
 * @param policy policy id
 * @param jobs number of jobs
 * @param ios completed I/Os, all jobs
 * @param readIos completed reads
 * @param writeIos completed writes
 * @param bytes bytes transferred
 * @param runtimeSeconds the slowest job's runtime (fixed work) or the time-based runtime
 * @param iops ios / runtimeSeconds
 * @param readIops readIos / runtimeSeconds
 * @param writeIops writeIos / runtimeSeconds
 * @param mibPerSecond bytes / 2^20 / runtimeSeconds
 * @param meanLatencyUs mean time from the system call (after Z) to completion, µs
 * @param meanLockWaitUs mean time per I/O spent waiting for the inode lock (all acquisitions), µs
 * @param perJob per job I/Os, bytes and runtime
 * @param counters what happened, for explanations
 */
public record SimResult(String policy, int jobs, long ios, long readIos, long writeIos, long bytes,
        double runtimeSeconds, double iops, double readIops, double writeIops, double mibPerSecond,
        double meanLatencyUs, double meanLockWaitUs, List<JobResult> perJob, Counters counters) {

    /** One job: completed I/Os, bytes, runtime (time of its last completion for fixed work). */
    public record JobResult(int job, long ios, long bytes, double runtimeSeconds) {
    }

    /**
     * Event counts over the whole run.
     *
     * @param sharedGrants shared acquisitions of the inode lock
     * @param exclusiveGrants exclusive acquisitions
     * @param restarts writes that took ext4's CHECKS_RESTART path (S, unlock, X)
     * @param eagainRetries writes that took XFS's -EAGAIN retry (S, unlock, X)
     * @param handoffs sleeping waiters woken by the rwsem (each paid h)
     * @param lockWaitSeconds total time spent waiting for the inode lock, all I/Os
     * @param drains writes that called inode_dio_wait
     * @param drainWaits of them, those that found DIO in flight and slept
     * @param drainWaitSeconds total time slept in inode_dio_wait
     * @param forceWaits writes with IOMAP_DIO_FORCE_WAIT
     * @param conversions unwritten→written conversions at completion
     * @param sizeUpdates i_size updates at completion
     * @param journalHandles journal handles / transactions started at submission
     * @param logForces O_DSYNC writes that waited for a log force after a conversion or size update
     * @param logWrites log writes those forces took (fewer than the forces when they group-committed)
     * @param syncFileRangeCalls {@code sync_file_range} calls the jobs made
     * @param writebackWrites device writes of page writeback those calls started
     * @param decisionShapes distinct window shapes the engine was asked about
     * @param cpuBusySeconds CPU burst time, all cores
     * @param events simulation events processed
     * @param ioUringPunts io_uring I/Os that had to sleep (lock, drain or a waited completion) and went on in an
     *                     io-wq worker, freeing their job's submitter ({@code io_queue_iowq}, io_uring/io_uring.c)
     * @param deviceCommands commands sent to the device: a direct write's bios (one per iomap segment, plus
     *                       the sub-block zero bios), reads, writeback and buffered O_DSYNC writes
     * @param wakeUps wake-ups charged {@code cost.wakeNs}: I/Os whose job thread had slept waiting for a
     *                completion (counted whatever the cost), and, only when the cost is not 0, O_DSYNC buffered
     *                writers woken from {@code folio_wait_writeback} or {@code folio_lock} on a shared page
     * @param idleExits wake-ups that found their core idle past the poll window and waited for it to leave its
     *                  idle state ({@code cost.idleExitNs})
     * @param spinGrants writers that took the inode lock by optimistic spinning, never having slept
     * @param lockSteals acquisitions of the inode lock ahead of its sleeping waiters: a spinner's, or a writer's
     *                   or a reader's taking it from a woken writer that had not yet run
     */
    public record Counters(long sharedGrants, long exclusiveGrants, long restarts, long eagainRetries, long handoffs,
            double lockWaitSeconds, long drains, long drainWaits, double drainWaitSeconds, long forceWaits,
            long conversions, long sizeUpdates, long journalHandles, long logForces, long logWrites,
            long syncFileRangeCalls, long writebackWrites, long decisionShapes, double cpuBusySeconds, long events,
            long ioUringPunts, long deviceCommands, long wakeUps, long idleExits, long spinGrants,
            long lockSteals) {
    }

    /**
     * The mean of independent replications of one configuration (the same cell under different seeds): every rate,
     * time and count averaged over {@code runs}, counts rounded. One run is returned as it is.
     */
    public static SimResult mean(List<SimResult> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to average");
        }
        SimResult first = runs.get(0);
        if (runs.size() == 1) {
            return first;
        }
        List<JobResult> perJob = new ArrayList<>();
        for (int j = 0; j < first.perJob.size(); j++) {
            int job = j;
            perJob.add(new JobResult(first.perJob.get(j).job(), count(runs, r -> r.perJob.get(job).ios()),
                    count(runs, r -> r.perJob.get(job).bytes()),
                    mean(runs, r -> r.perJob.get(job).runtimeSeconds())));
        }
        Counters c = new Counters(count(runs, r -> r.counters.sharedGrants),
                count(runs, r -> r.counters.exclusiveGrants),
                count(runs, r -> r.counters.restarts), count(runs, r -> r.counters.eagainRetries),
                count(runs, r -> r.counters.handoffs), mean(runs, r -> r.counters.lockWaitSeconds),
                count(runs, r -> r.counters.drains), count(runs, r -> r.counters.drainWaits),
                mean(runs, r -> r.counters.drainWaitSeconds), count(runs, r -> r.counters.forceWaits),
                count(runs, r -> r.counters.conversions), count(runs, r -> r.counters.sizeUpdates),
                count(runs, r -> r.counters.journalHandles), count(runs, r -> r.counters.logForces),
                count(runs, r -> r.counters.logWrites), count(runs, r -> r.counters.syncFileRangeCalls),
                count(runs, r -> r.counters.writebackWrites), count(runs, r -> r.counters.decisionShapes),
                mean(runs, r -> r.counters.cpuBusySeconds), count(runs, r -> r.counters.events),
                count(runs, r -> r.counters.ioUringPunts), count(runs, r -> r.counters.deviceCommands),
                count(runs, r -> r.counters.wakeUps), count(runs, r -> r.counters.idleExits),
                count(runs, r -> r.counters.spinGrants), count(runs, r -> r.counters.lockSteals));
        return new SimResult(first.policy, first.jobs, count(runs, SimResult::ios), count(runs, SimResult::readIos),
                count(runs, SimResult::writeIos), count(runs, SimResult::bytes),
                mean(runs, SimResult::runtimeSeconds),
                mean(runs, SimResult::iops), mean(runs, SimResult::readIops), mean(runs, SimResult::writeIops),
                mean(runs, SimResult::mibPerSecond), mean(runs, SimResult::meanLatencyUs),
                mean(runs, SimResult::meanLockWaitUs), List.copyOf(perJob), c);
    }

    private static double mean(List<SimResult> runs, ToDoubleFunction<SimResult> f) {
        return runs.stream().mapToDouble(f).average().orElseThrow();
    }

    private static long count(List<SimResult> runs, ToDoubleFunction<SimResult> f) {
        return Math.round(mean(runs, f));
    }

    /** A one-line summary. */
    public String summary() {
        return String.format("%s jobs=%d iops=%.0f (r %.0f, w %.0f) %.1f MiB/s runtime=%.3fs lat=%.1fus lockwait=%.1fus "
                + "X=%d restarts=%d eagain=%d handoffs=%d drains=%d/%d conv=%d", policy, jobs, iops, readIops, writeIops,
                mibPerSecond, runtimeSeconds, meanLatencyUs, meanLockWaitUs, counters.exclusiveGrants(),
                counters.restarts(), counters.eagainRetries(), counters.handoffs(), counters.drainWaits(),
                counters.drains(), counters.conversions());
    }
}

package org.locktable.timing.sim;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.Retry;

/** What a simulation counts as it runs, and the {@link SimResult} it makes of them with fio's rules. */
final class Tally {
    long reads;
    long writes;
    double latencySum;
    long lockWaitNs;
    long sharedGrants;
    long exclusiveGrants;
    long restarts;
    long eagainRetries;
    long drains;
    long drainWaits;
    long drainWaitNs;
    long forceWaits;
    long conversions;
    long sizeUpdates;
    long journalHandles;
    long logForces;
    /** Of them, by writes that changed no metadata ({@link WaitRules#inodeLogForce()}). */
    long inodeLogForces;
    long syncFileRangeCalls;
    long writebackWrites;
    long eventCount;
    long ioUringPunts;
    long wakeUps;

    /** Counts a write's plan as it is decided: restarts, -EAGAIN retries, FORCE_WAITs. */
    void count(Plan p) {
        if (p.retry == Retry.CHECKS_RESTART) {
            restarts++;
        } else if (p.retry == Retry.DIO_EAGAIN_RETRY) {
            eagainRetries++;
        }
        if (p.forceWait) {
            forceWaits++;
        }
    }

    /**
     * The result: per job its I/Os, bytes and runtime (its last completion, or {@code timeBasedEnd} when the run is
     * time based, else -1), IOPS over the slowest job's runtime.
     */
    SimResult result(String policy, int jobs, long timeBasedEnd, long[] jobIos, long[] jobBytes, long[] jobLast,
            long handoffs, long logWrites, long shapes, long cpuBusyNs, long deviceCommands, long idleExits,
            long spinGrants, long lockSteals) {
        long ios = 0;
        long bytes = 0;
        long slowest = 0;
        List<SimResult.JobResult> per = new ArrayList<>(jobs);
        for (int j = 0; j < jobs; j++) {
            ios += jobIos[j];
            bytes += jobBytes[j];
            long rt = timeBasedEnd >= 0 ? timeBasedEnd : jobLast[j];
            slowest = Math.max(slowest, rt);
            per.add(new SimResult.JobResult(j, jobIos[j], jobBytes[j], rt / 1e9));
        }
        double secs = slowest / 1e9;
        double iops = secs > 0 ? ios / secs : 0;
        SimResult.Counters c = new SimResult.Counters(sharedGrants, exclusiveGrants, restarts, eagainRetries,
                handoffs, lockWaitNs / 1e9, drains, drainWaits, drainWaitNs / 1e9, forceWaits, conversions,
                sizeUpdates, journalHandles, logForces, logWrites, syncFileRangeCalls, writebackWrites, shapes,
                cpuBusyNs / 1e9, eventCount, ioUringPunts, deviceCommands, wakeUps, idleExits, spinGrants, lockSteals);
        return new SimResult(policy, jobs, ios, reads, writes, bytes, secs, iops,
                secs > 0 ? reads / secs : 0, secs > 0 ? writes / secs : 0, secs > 0 ? bytes / 1048576.0 / secs : 0,
                ios > 0 ? latencySum / ios / 1e3 : 0, ios > 0 ? lockWaitNs / 1e3 / ios : 0, List.copyOf(per), c);
    }
}

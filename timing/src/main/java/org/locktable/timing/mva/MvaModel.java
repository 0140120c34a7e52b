package org.locktable.timing.mva;

import java.util.ArrayList;
import java.util.List;

import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Station;
import org.locktable.timing.sim.IoProfile;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.Simulator;

/**
 * The simulator's model as a closed queueing network for {@link Mva} (timing-notes §3.7): a fast cross-check
 * and a tool for fitting loops. The representative write ({@link Simulator#profile}) picks the regime:
 * <ul>
 *   <li><b>shared</b> (the lock never excludes): CPU (delay, or a multi-server station when cores are limited)
 *       for Z + c, a delay L, the device's stations, the inode's conversion queue V. Product form, so exact
 *       for exponential service.</li>
 *   <li><b>exclusive, held to completion</b> (sync kiocb or FORCE_WAIT): one lock station whose service is
 *       S = c + device + L + V, with {@code R(n) = S + (S + h)·Q(n−1)}, plus the think delay Z.</li>
 *   <li><b>exclusive, submission only</b> (async, or a buffered copy): a lock station of service c with the
 *       same hand-off form, then L, the device and the conversion queue as in the shared case.</li>
 * </ul>
 * Async jobs with iodepth d > 1 count as N·d customers with one FCFS submitter station per job (Z, and c when
 * the lock is shared: one thread submits), each visited by 1/N of the cycles (symmetric jobs).
 * h is charged once per I/O, also on ext4's S → unlock → X restart path (the §3.7 formula), except under
 * {@link org.locktable.timing.sim.WaitRules#optimisticSpin() optimistic spinning} for an exclusive hold released at
 * submission without a restart: its owner is on a CPU until it releases, so the next writer spins and takes the
 * lock without a wake-up (lock stealing from a sleeping owner's successor is not expressed). The simulation
 * also has a shared phase there: readers woken in a batch hold the lock while they wake, and the writer at
 * the head waits for them. The formula does not see that phase, so on restart cells it is an upper bound,
 * 25–33 % above the simulation with variable costs (cv 0.5–1). Reads in a mix are not modelled: every I/O is
 * taken as the representative write. Drains are ignored. The submitter's wake-up W is charged to every I/O when a
 * job has one I/O at a time and to none when it queues; a device's wake-up ({@code Simple.wakeNs}, paid only by a
 * request that finds it idle) is state-dependent and not expressed, nor is an idle exit ({@code cost.idleExitNs},
 * paid only by a thread woken onto a core that sat idle). Under {@link
 * org.locktable.timing.sim.WaitRules#biosPerSegment() the kernel's rules} the representative write's bios all pay
 * the device's serialized stations and wait out its latency together. Exact for product-form cells (all shared,
 * exponential service) and for one exclusive resource held to completion with h = 0.
 */
public final class MvaModel {
    private MvaModel() {
    }

    /**
     * @param iops predicted I/Os per second
     * @param regime {@code shared}, {@code exclusive-held}, {@code exclusive-submission} or {@code read}
     * @param customers the population solved for
     * @param stations the network
     * @param point the MVA solution at that population
     */
    public record Prediction(double iops, String regime, int customers, List<Station> stations, Mva.Point point) {
    }

    /** Predicts the configuration's IOPS at its job count. */
    public static Prediction predict(SimConfig cfg) {
        IoProfile p = Simulator.profile(cfg);
        CostModel c = cfg.cost();
        var job = cfg.workload().job();
        int depth = job.engine().async() ? Math.max(1, job.iodepth()) : 1;
        long bytes = p != null ? p.bytes() : job.blockSizes().smallestWrite();
        String regime;
        List<Station> s = new ArrayList<>();
        double inLock = c.lockedNs();
        boolean releasedAtSubmission;
        boolean exclusive;
        double conversion = 0;
        double handoff = 0;
        if (p == null) {
            regime = "read";
            exclusive = false;
            releasedAtSubmission = job.engine().async() && job.direct();
        } else {
            exclusive = p.exclusive() || p.acquisitions() > 1;
            releasedAtSubmission = p.releasedAtSubmission() || p.buffered();
            inLock += (p.relock() ? c.relockNs() : 0) + p.handles() * c.journalHandleNs()
                    + (job.direct() ? 0 : bytes * c.copyNsPerByte());
            conversion = (p.converts() ? c.conversionNs() : 0) + (p.sizeUpdate() ? c.sizeUpdateNs() : 0);
            // with optimistic spinning, the successor of an owner that stays on its CPU through the hold (released
            // at submission) spins and takes the lock with no wake-up; an owner asleep through its I/O still hands
            // over to a sleeper
            boolean spun = cfg.rules().optimisticSpin() && releasedAtSubmission && p.acquisitions() == 1;
            handoff = spun ? 0 : c.handoffNs();
            regime = !exclusive ? "shared" : releasedAtSubmission ? "exclusive-submission" : "exclusive-held";
        }
        boolean write = p != null;
        boolean fua = job.dsync() && write;
        // a group commit is a batch server, not a product-form station: each force waits F to 2F; MVA takes F
        double logForce = p != null && job.dsync() && (p.converts() || p.sizeUpdate()) ? c.logForceNs() : 0;
        boolean deviceUsed = p == null || !p.buffered() || job.dsync();
        // under the kernel's rules a direct write is one command per bio, sent together (WaitRules.biosPerSegment)
        boolean bios = p != null && cfg.rules().biosPerSegment() && p.bios().length > 1;
        List<Station> dev = !deviceUsed ? List.of()
                : bios ? cfg.device().stations(p.bios(), write || fua) : cfg.device().stations(bytes, write || fua);
        int jobs = cfg.workload().jobs();
        // async DIO without FORCE_WAIT keeps iodepth I/Os per job in flight behind one submitting thread
        boolean queued = p == null ? releasedAtSubmission : p.releasedAtSubmission();
        int perJob = queued ? depth : 1;
        int n = jobs * perJob;
        // one I/O per job at a time: its thread sleeps for every completion and pays the wake-up W; a queued
        // submitter sleeps only when the device side is slower than it, where W does not bind
        double submitter = c.thinkNs() + (perJob == 1 ? c.wakeNs() : 0) + (exclusive ? 0 : inLock);
        if (perJob > 1) {
            // one FCFS submitter per job; customers are spread over them evenly
            for (int j = 0; j < jobs; j++) {
                s.add(Station.queue("submitter " + j, submitter / jobs));
            }
        } else {
            s.add(cpu(c, exclusive ? "think Z" : "cpu (Z + c)", submitter));
        }
        if (!exclusive) {
            afterSubmission(s, c, dev, conversion, logForce);
        } else if (!releasedAtSubmission) {
            double hold = inLock + c.completionLatencyNs() + conversion + logForce;
            for (Station d : dev) {
                hold += d.demandNs();
            }
            s.add(Station.lock("inode lock (held to completion)", hold, handoff));
        } else {
            s.add(Station.lock("inode lock (submission)", inLock, handoff));
            afterSubmission(s, c, dev, conversion, logForce);
        }
        Mva.Point[] points = Mva.solve(s, n);
        Mva.Point at = points[n - 1];
        return new Prediction(at.throughputPerSecond(), regime, n, List.copyOf(s), at);
    }

    /** What an I/O passes through once submitted, outside the lock: completion latency, device, conversion, log. */
    private static void afterSubmission(List<Station> s, CostModel c, List<Station> dev, double conversion,
            double logForce) {
        if (c.completionLatencyNs() > 0) {
            s.add(Station.delay("completion latency", c.completionLatencyNs()));
        }
        s.addAll(dev);
        if (conversion > 0) {
            s.add(Station.queue("conversion", conversion));
        }
        if (logForce > 0) {
            s.add(Station.delay("log force (group commit)", logForce));
        }
    }

    private static Station cpu(CostModel c, String name, double ns) {
        return c.cores() == 0 ? Station.delay(name, ns) : Station.multi(name, ns, c.cores());
    }
}

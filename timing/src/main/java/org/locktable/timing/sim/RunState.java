package org.locktable.timing.sim;

import java.util.SplittableRandom;

import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Device;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * One run's clock and the parts every stage of an I/O shares: the event queue, the CPU, the slots, the files with
 * their locks, the device path, the metadata stage and the counters. Built from the config in a fixed order: the
 * device, the cost sampler, the job streams and the host worker each draw their seed from one random root.
 */
final class RunState {
    final SimConfig cfg;
    final JobSpec spec;
    final CostModel cost;
    final int jobs;
    /** I/O slots per job: {@code iodepth} for an async engine, else 1. */
    final int depth;
    /** log2 of the block size. */
    final int bits;
    final boolean timeBased;
    final long endTime;
    final boolean dsync;

    final EventQueue events = new EventQueue();
    final Tally tally = new Tally();
    final Cpu cpu;
    final CostSampler sampler;
    final MetadataStage metadata;
    final PlanCache plans;
    final Plan readPlan;
    final SimFile[] files;
    final JobStream[] streams;
    final DevicePath devicePath;
    /** The I/O slots and each job's submission state. */
    final JobSlots io;
    /** {@link WaitRules#pageWriteback()}: O_DSYNC buffered writers of one page share its writeback; else null. */
    final PageWriteback pageWriteback;
    final LockHolds locks;

    /** The time of the event being handled. */
    long now;

    RunState(SimConfig cfg) {
        this.cfg = cfg;
        Workload workload = cfg.workload();
        this.spec = workload.job();
        this.cost = cfg.cost();
        this.jobs = workload.jobs();
        this.depth = spec.engine().async() ? Math.max(1, spec.iodepth()) : 1;
        this.bits = Integer.numberOfTrailingZeros(cfg.blockSize());
        this.timeBased = spec.timeBasedSeconds() > 0;
        this.endTime = timeBased ? Math.round(spec.timeBasedSeconds() * 1e9) : Long.MAX_VALUE;
        this.dsync = spec.dsync();
        SplittableRandom root = new SplittableRandom(cfg.seed());
        this.cpu = new Cpu(cost.cores(), Math.round(cost.idleExitNs()), Math.round(cost.idlePollNs()));
        Device.Queue queue = cfg.device().open(root.nextLong());
        this.sampler = new CostSampler(root.nextLong(), cost.cv());
        this.metadata = new MetadataStage(cost, dsync, sampler, events, tally, SimEvent.base(SimEvent.CONVERSION_DONE),
                SimEvent.base(SimEvent.LOG_FORCED), jobs * depth, cfg.rules().inodeLogForce());
        boolean async = spec.engine().async();
        this.plans = new PlanCache(cfg.policy(), cfg.blockSize(), cfg.nosec(), spec.direct(), async, spec.dsync(),
                spec.writethrough(), spec.noserial());
        this.readPlan = Plan.read(spec.direct(), async);

        this.files = SimFiles.files(cfg);
        this.streams = SimFiles.streams(cfg, root);
        // drawn last, so that a device on its own keeps the random streams it had before this option existed
        this.devicePath = new DevicePath(cfg.device(), queue, root, events, cpu,
                SimEvent.base(SimEvent.HOST_WORKER_DONE));

        int slots = jobs * depth;
        if (slots > SimEvent.SLOT_MASK) {
            throw new IllegalArgumentException("too many jobs x iodepth: " + slots);
        }
        io = new JobSlots(jobs, depth);
        pageWriteback = cfg.rules().pageWriteback() ? new PageWriteback(slots, cost.pageBytes() == 0 ? bits
                : Math.max(bits, Integer.numberOfTrailingZeros(cost.pageBytes()))) : null;
        locks = new LockHolds(io, tally, events, slots, new LockHolds.Events(SimEvent.base(SimEvent.GRANTED),
                SimEvent.base(SimEvent.SPIN_GRANTED), SimEvent.base(SimEvent.WRITER_WOKEN),
                SimEvent.base(SimEvent.READER_SPIN_TIMEOUT)));
    }

    /** The file slot {@code s}'s I/O is to. */
    SimFile file(int s) {
        return files[io.slotFile[s]];
    }

    /** A CPU burst starting now; a thread just woken from a sleep may first wait for its core's idle exit. */
    long burst(boolean woken, long ns) {
        return woken ? cpu.wake(now, ns) : cpu.run(now, ns);
    }

    /** A cost of mean {@code meanNs}, drawn with the cost model's cv. */
    long sample(double meanNs) {
        return sampler.sample(meanNs);
    }
}

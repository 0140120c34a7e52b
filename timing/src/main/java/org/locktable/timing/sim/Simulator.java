package org.locktable.timing.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.locktable.engine.decision.Retry;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Device;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.SyncFileRange;
import org.locktable.timing.workload.Workload;

/**
 * The discrete-event simulator: jobs issue I/Os through the inode lock, the CPU, the device and the inode's
 * conversion stage (timing-notes §3.7, §4). Entry point: {@link #run(SimConfig)}.
 *
 * <p>One I/O: think Z (CPU, outside the lock) → the decision for the layout it meets (engine, cached by window
 * shape) → the lock path ({@code S}, {@code X}, {@code S → unlock → X}, {@code X → downgrade}; a waiter that
 * slept pays h, a writer that spun does not: {@link RwSem}) → the in-lock CPU burst (c, + x after a restart /
 * -EAGAIN retry, + a cost per journal handle, + page copy for buffered writes) → {@code inode_dio_wait} if the
 * decision drains → submission ({@code inode_dio_begin}, holes allocated) → the device → completion latency L →
 * the inode's serialized conversion stage (V per conversion, + size update) → with O_DSYNC after a conversion or
 * size update, a group-committed log force (F, {@link GroupCommit}) → completion ({@code inode_dio_end}, blocks
 * written, i_size extended). The lock is released right after submission for an async kiocb without FORCE_WAIT, after
 * completion otherwise; buffered writes hold it for the copy only and, with O_DSYNC, then write synchronously.
 *
 * <p>Each job has {@code iodepth} slots (1 for psync) and one submitting thread: a job blocked in a WAITED
 * submission, a synchronous buffered write or a {@code sync_file_range} call submits nothing else. With
 * {@code sync_file_range}, buffered writes leave dirty ranges in the file's page cache; every N writes the job's
 * thread waits for the writeback under way ({@code wait_before}), sends every dirty range to the device
 * ({@code write}) and waits for it ({@code wait_after}), as the job's flags say.
 */
public final class Simulator {
    private static final int THINK_DONE = 0;
    private static final int GRANTED = 1;
    private static final int PRE_OP_DONE = 2;
    private static final int MAIN_DONE = 3;
    private static final int DRAINED = 4;
    private static final int DEVICE_DONE = 5;
    private static final int CONVERSION_DONE = 6;
    private static final int LOG_FORCED = 7;
    private static final int WRITEBACK_DONE = 8;
    private static final int HOST_WORKER_DONE = 9;
    private static final int PAGE_CONVERTED = 10;
    private static final int PAGE_LEADER_AWAKE = 11;
    private static final int SPIN_GRANTED = 12;
    private static final int WRITER_WOKEN = 13;
    private static final int WRITER_TRY = 14;
    private static final int READER_SPIN_TIMEOUT = 15;
    private static final int SLOT_BITS = 24;
    private static final int SLOT_MASK = (1 << SLOT_BITS) - 1;
    private static final int NOT_WRITTEN = 1 << BlockMap.HOLE | 1 << BlockMap.UNWRITTEN | 1 << BlockMap.DELALLOC;

    private final SimConfig cfg;
    private final JobSpec spec;
    private final CostModel cost;
    private final int jobs;
    private final int depth;
    private final int bits;
    private final boolean timeBased;
    private final long endTime;
    private final boolean dsync;
    private final SyncFileRange syncFileRange;
    /** {@link WaitRules#ioUringPunt()} and an io_uring direct job (io_uring/rw.c issues with IOCB_NOWAIT first). */
    private final boolean punt;
    /** {@link WaitRules#biosPerSegment()}: one device command per bio of a direct write. */
    private final boolean biosPerSegment;

    private final EventQueue events = new EventQueue();
    private final Cpu cpu;
    private final DevicePath devicePath;
    private final SyncFileRangeCalls syncCalls;
    /** {@link WaitRules#pageWriteback()}: O_DSYNC buffered writers of one page share its writeback; else null. */
    private final PageWriteback pageWriteback;
    private final CostSampler sampler;
    private final MetadataStage metadata;
    private final PlanCache plans;
    private final Plan readPlan;
    private final SimFile[] files;
    private final JobStream[] streams;

    /** The I/O slots and each job's submission state. */
    private final JobSlots io;
    private final LockHolds locks;

    private final Tally tally = new Tally();
    private long now;

    /** Runs one simulation. Deterministic: the same config (seed included) gives the same result. */
    public static SimResult run(SimConfig cfg) {
        return new Simulator(cfg).execute();
    }

    /** One run per job count (a table column), same everything else; in the order given. */
    public static List<SimResult> sweep(SimConfig cfg, int... jobCounts) {
        List<SimResult> out = new ArrayList<>(jobCounts.length);
        for (int n : jobCounts) {
            out.add(run(cfg.withJobs(n)));
        }
        return List.copyOf(out);
    }

    /**
     * Job 0's first write against the initial layout, planned but not run: what the MVA model and reports use
     * as the workload's representative I/O. Null when job 0's first I/O is a read (or it has no work).
     */
    public static IoProfile profile(SimConfig cfg) {
        Simulator sim = new Simulator(cfg);
        JobStream st = sim.streams[0];
        if (!st.next() || st.read) {
            return null;
        }
        SimFile f = sim.files[st.file];
        return sim.plans.planFor(f.map, f.iSize, st.offset, st.length).profile(st.length);
    }

    private Simulator(SimConfig cfg) {
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
        this.syncFileRange = spec.syncFileRange();
        this.biosPerSegment = cfg.rules().biosPerSegment();
        this.punt = cfg.rules().ioUringPunt() && spec.engine() == JobSpec.Engine.IO_URING && spec.direct();
        SplittableRandom root = new SplittableRandom(cfg.seed());
        this.cpu = new Cpu(cost.cores(), Math.round(cost.idleExitNs()), Math.round(cost.idlePollNs()));
        Device.Queue queue = cfg.device().open(root.nextLong());
        this.sampler = new CostSampler(root.nextLong(), cost.cv());
        this.metadata = new MetadataStage(cost, dsync, sampler, events, tally, CONVERSION_DONE << SLOT_BITS,
                LOG_FORCED << SLOT_BITS, jobs * depth, cfg.rules().inodeLogForce());
        boolean async = spec.engine().async();
        this.plans = new PlanCache(cfg.policy(), cfg.blockSize(), cfg.nosec(), spec.direct(), async, spec.dsync(),
                spec.writethrough(), spec.noserial());
        this.readPlan = Plan.read(spec.direct(), async);

        this.files = SimFiles.files(cfg);
        this.streams = SimFiles.streams(cfg, root);
        // drawn last, so that a device on its own keeps the random streams it had before this option existed
        this.devicePath = new DevicePath(cfg.device(), queue, root, events, cpu, HOST_WORKER_DONE << SLOT_BITS);
        this.syncCalls = new SyncFileRangeCalls(syncFileRange, files, devicePath, tally, jobs,
                WRITEBACK_DONE << SLOT_BITS, this::resume);

        int slots = jobs * depth;
        if (slots > SLOT_MASK) {
            throw new IllegalArgumentException("too many jobs x iodepth: " + slots);
        }
        io = new JobSlots(jobs, depth);
        pageWriteback = cfg.rules().pageWriteback() ? new PageWriteback(slots, cost.pageBytes() == 0 ? bits
                : Math.max(bits, Integer.numberOfTrailingZeros(cost.pageBytes()))) : null;
        locks = new LockHolds(io, tally, events, slots, new LockHolds.Events(GRANTED << SLOT_BITS,
                SPIN_GRANTED << SLOT_BITS, WRITER_WOKEN << SLOT_BITS, READER_SPIN_TIMEOUT << SLOT_BITS));
    }

    private SimResult execute() {
        for (int j = 0; j < jobs; j++) {
            startNext(j);
        }
        while (!events.isEmpty()) {
            if (events.peekTime() > endTime) {
                break;
            }
            int e = events.pop();
            now = events.poppedTime();
            tally.eventCount++;
            int s = e & SLOT_MASK;
            switch (e >>> SLOT_BITS) {
                case THINK_DONE:
                    thinkDone(s);
                    break;
                case GRANTED:
                    granted(s);
                    break;
                case PRE_OP_DONE:
                    advance(s);
                    break;
                case MAIN_DONE:
                    afterLock(s);
                    break;
                case DRAINED:
                    tally.drainWaitNs += now - io.slotDrainStart[s];
                    submit(s);
                    break;
                case DEVICE_DONE:
                    if (--io.slotBiosLeft[s] == 0) {
                        deviceDone(s); // the last of the I/O's bios (iomap_dio_bio_end_io drops the last ref)
                    }
                    break;
                case CONVERSION_DONE:
                    if (!metadata.forceLog(now, s, files[io.slotFile[s]])) {
                        complete(s);
                    }
                    break;
                case LOG_FORCED:
                    metadata.forced(s, files[io.slotFile[s]]);
                    complete(s);
                    break;
                case WRITEBACK_DONE:
                    syncCalls.writebackDone(now, s);
                    break;
                case HOST_WORKER_DONE:
                    devicePath.workerDone(now);
                    break;
                case PAGE_CONVERTED:
                    pageConverted(s);
                    break;
                case PAGE_LEADER_AWAKE:
                    pageWriteback.awake(s, this::sendPageWrite, this::copyUnlocked);
                    break;
                case SPIN_GRANTED:
                    spinGranted(s);
                    break;
                case WRITER_WOKEN:
                    writerWoken(s);
                    break;
                case WRITER_TRY:
                    writerTry(s);
                    break;
                case READER_SPIN_TIMEOUT:
                    locks.readerSpinTimeout(now, files[io.slotFile[s]]);
                    break;
                default:
                    throw new IllegalStateException("unknown event " + e);
            }
        }
        if (!timeBased) {
            io.checkAllFinished();
        }
        return result();
    }

    // ---- job loop

    private void startNext(int j) {
        if (io.submitting[j] || io.finished[j]) {
            return;
        }
        if (io.pendingSync[j] >= 0) {
            int f = io.pendingSync[j];
            io.pendingSync[j] = -1;
            io.submitting[j] = true;
            tally.syncFileRangeCalls++;
            syncCalls.start(now, j, f);
            return;
        }
        if (io.inflight[j] >= depth) {
            io.asleep[j] = true; // in io_getevents until a completion
            return;
        }
        if (now >= endTime) {
            io.finished[j] = true;
            return;
        }
        JobStream st = streams[j];
        if (!st.next()) {
            io.finished[j] = true;
            return;
        }
        int s = io.freeSlots[j][--io.freeCount[j]];
        io.slotFile[s] = st.file;
        io.slotOffset[s] = st.offset;
        io.slotLength[s] = st.length;
        io.slotRead[s] = st.read;
        io.slotWoken[s] = false;
        io.submitting[j] = true;
        io.inflight[j]++;
        double think = cost.thinkNs();
        boolean woken = io.asleep[j];
        if (woken) {
            io.asleep[j] = false;
            think += cost.wakeNs();
            tally.wakeUps++;
        }
        events.push(burst(woken, sample(think)), THINK_DONE << SLOT_BITS | s);
    }

    private void thinkDone(int s) {
        io.slotStartTime[s] = now;
        Plan p;
        if (io.slotRead[s]) {
            p = readPlan;
        } else {
            SimFile f = files[io.slotFile[s]];
            p = plans.planFor(f.map, f.iSize, io.slotOffset[s], io.slotLength[s]);
            tally.count(p);
        }
        io.slotPlan[s] = p;
        io.slotStep[s] = 0;
        io.slotPendingNs[s] = 0;
        io.slotPaid[s] = false;
        io.slotPunted[s] = false;
        advance(s);
    }

    /** Runs the lock path from the slot's current step; returns when it sleeps or a CPU burst is scheduled. */
    private void advance(int s) {
        Plan p = io.slotPlan[s];
        byte[] ops = p.ops;
        SimFile f = files[io.slotFile[s]];
        while (io.slotStep[s] < ops.length) {
            byte op = ops[io.slotStep[s]];
            if (op == Plan.ACQUIRE_SHARED || op == Plan.ACQUIRE_EXCLUSIVE) {
                boolean x = op == Plan.ACQUIRE_EXCLUSIVE;
                io.slotRequestTime[s] = now;
                if (locks.acquire(now, f, s, x, cpu.idleCore(now)) != RwSem.GRANTED) {
                    punt(s);
                    return; // spinning until SPIN_GRANTED, or asleep until GRANTED or WRITER_WOKEN
                }
                io.slotStep[s]++;
                continue;
            }
            if (!io.slotPaid[s]) {
                double ns = io.slotPendingNs[s] + (op == Plan.DOWNGRADE ? cost.relockNs() : 0);
                io.slotPendingNs[s] = 0;
                if (ns > 0 || io.slotWoken[s]) {
                    io.slotPaid[s] = true;
                    events.push(burst(takeWoken(s), sample(ns)), PRE_OP_DONE << SLOT_BITS | s);
                    return;
                }
            }
            io.slotPaid[s] = false;
            if (op == Plan.UNLOCK) {
                locks.release(now, f, s);
            } else {
                locks.downgrade(now, f, s);
            }
            io.slotStep[s]++;
        }
        double ns = io.slotPendingNs[s] + cost.lockedNs();
        io.slotPendingNs[s] = 0;
        if (p.retry != Retry.NONE) {
            ns += cost.relockNs();
        }
        if (p.handles > 0) {
            ns += p.handles * cost.journalHandleNs();
            tally.journalHandles += p.handles;
        }
        if (!spec.direct() && !io.slotRead[s]) {
            ns += io.slotLength[s] * cost.copyNsPerByte();
        }
        if (pageWriteback != null && p.completion == Plan.COPY && dsync
                && pageWriteback.locked(io.slotFile[s], io.slotOffset[s])) {
            io.slotPendingNs[s] = Math.round(ns);
            pageWriteback.waitForLock(s, io.slotFile[s], io.slotOffset[s]);
            locks.ownerSleeps(now, f, s);
            return; // holding the inode lock until copyUnlocked
        }
        inLock(s, ns);
    }

    /**
     * Slot {@code s}'s copy into its page had waited for the folio lock, holding the inode lock: it goes on, once
     * its thread, asleep in {@code folio_lock}, has been woken ({@code cost.wakeNs}).
     */
    private void copyUnlocked(int s) {
        long ns = io.slotPendingNs[s] + Math.round(cost.wakeNs());
        io.slotPendingNs[s] = 0;
        if (cost.wakeNs() > 0) {
            tally.wakeUps++;
        }
        markWoken(s);
        locks.ownerRuns(files[io.slotFile[s]], s);
        inLock(s, ns);
    }

    /**
     * Slot {@code s} slept in {@code folio_wait_writeback} (holding the folio lock) and the write it waited for is
     * done: {@code folio_end_writeback} wakes it, and only when it runs ({@code cost.wakeNs} later, as CPU) does it
     * send the page's next write and release the folio lock. Without a wake-up cost or an idle exit it runs at once.
     */
    private void wakePageLeader(int s) {
        if (cost.wakeNs() > 0 || cpu.idleExits()) {
            if (cost.wakeNs() > 0) {
                tally.wakeUps++;
            }
            events.push(cpu.wake(now, sample(cost.wakeNs())), PAGE_LEADER_AWAKE << SLOT_BITS | s);
        } else {
            pageWriteback.awake(s, this::sendPageWrite, this::copyUnlocked);
        }
    }

    /** The in-lock CPU burst of {@code ns}, then {@link #afterLock}. */
    private void inLock(int s, double ns) {
        if (ns > 0 || io.slotWoken[s]) {
            events.push(burst(takeWoken(s), sample(ns)), MAIN_DONE << SLOT_BITS | s);
        } else {
            afterLock(s);
        }
    }

    /** A CPU burst starting now; a thread just woken from a sleep may first wait for its core's idle exit. */
    private long burst(boolean woken, long ns) {
        return woken ? cpu.wake(now, ns) : cpu.run(now, ns);
    }

    /** Slot {@code s}'s thread was woken from a sleep: with idle exits modelled, its next burst may pay one. */
    private void markWoken(int s) {
        io.slotWoken[s] = cpu.idleExits();
    }

    /** Whether slot {@code s}'s thread was woken since its last burst; clears it. */
    private boolean takeWoken(int s) {
        boolean w = io.slotWoken[s];
        io.slotWoken[s] = false;
        return w;
    }

    /** The first spinner took the lock as it was released: it never slept, so it pays no hand-off. */
    private void spinGranted(int s) {
        locks.grant(s, true);
        lockTaken(s);
    }

    /** Slot {@code s} holds the lock it waited for: its lock path goes on. */
    private void lockTaken(int s) {
        tally.lockWaitNs += now - io.slotRequestTime[s];
        io.slotStep[s]++;
        advance(s);
    }

    /** The writer at the head of the wait list was woken: it runs (h, as CPU) before it tries for the lock. */
    private void writerWoken(int s) {
        markWoken(s);
        events.push(burst(takeWoken(s), sample(cost.handoffNs())), WRITER_TRY << SLOT_BITS | s);
    }

    /** The woken writer runs: it takes the lock if it is free, else it sleeps again until the next release. */
    private void writerTry(int s) {
        if (locks.tryWoken(now, files[io.slotFile[s]], s)) {
            lockTaken(s);
        }
    }

    /** A sleeping waiter the rwsem handed the lock to: its next burst begins with its wake-up. */
    private void granted(int s) {
        locks.grant(s, io.slotPlan[s].ops[io.slotStep[s]] == Plan.ACQUIRE_EXCLUSIVE);
        markWoken(s);
        io.slotPendingNs[s] += Math.round(cost.handoffNs());
        lockTaken(s);
    }

    private void afterLock(int s) {
        Plan p = io.slotPlan[s];
        if (p.drain) {
            tally.drains++;
            SimFile f = files[io.slotFile[s]];
            if (f.dio > 0) {
                tally.drainWaits++;
                io.slotDrainStart[s] = now;
                f.addDrainer(s);
                locks.ownerSleeps(now, f, s);
                punt(s);
                return;
            }
        }
        submit(s);
    }

    private void submit(int s) {
        Plan p = io.slotPlan[s];
        SimFile f = files[io.slotFile[s]];
        int j = io.slotJob[s];
        boolean write = !io.slotRead[s];
        long off = io.slotOffset[s];
        long len = io.slotLength[s];
        if (write && p.sizeAtSubmission && off + len > f.iSize) {
            f.iSize = off + len;
        }
        if (p.completion == Plan.COPY) {
            locks.release(now, f, s);
            io.blockedOn[j] = s; // a buffered write is synchronous for its submitter
            if (dsync) {
                io.asleep[j] = true;
                if (pageWriteback != null) {
                    pageWriteback.sync(s, io.slotFile[s], off, this::sendPageWrite);
                } else {
                    sendPageWrite(s);
                }
            } else {
                complete(s);
            }
            return;
        }
        if (write) {
            f.map.set(off >>> bits, (off + len - 1) >>> bits, 1 << BlockMap.HOLE,
                    p.allocUnwritten ? BlockMap.UNWRITTEN : BlockMap.WRITTEN);
        }
        if (p.dio) {
            f.dio++;
        }
        io.slotBiosLeft[s] = devicePath.submitIo(now, f.deviceBase + off, len, write && biosPerSegment ? p : null,
                write, write && dsync, j, Math.round(cost.completionLatencyNs()), DEVICE_DONE << SLOT_BITS | s);
        if (p.completion == Plan.QUEUED) {
            if (io.slotHolding[s] != 0) {
                locks.release(now, f, s);
            }
            if (!io.slotPunted[s]) {
                io.submitting[j] = false;
            }
            startNext(j);
        } else if (punt) {
            locks.ownerSleeps(now, f, s);
            punt(s);
        } else {
            locks.ownerSleeps(now, f, s);
            io.blockedOn[j] = s;
            io.asleep[j] = true; // in the kernel until the bio completes
        }
    }

    /** An io_uring I/O about to sleep goes on in an io-wq worker; its job's submitter is free again. */
    private void punt(int s) {
        if (!punt || io.slotPunted[s]) {
            return;
        }
        io.slotPunted[s] = true;
        tally.ioUringPunts++;
        int j = io.slotJob[s];
        io.submitting[j] = false;
        startNext(j);
    }

    // ---- the device

    /** An O_DSYNC buffered write's page goes to the device (FUA), led by slot {@code s}. */
    private void sendPageWrite(int s) {
        io.slotBiosLeft[s] = 1;
        devicePath.submit(now, files[io.slotFile[s]].deviceBase + io.slotOffset[s], io.slotLength[s], true, true,
                io.slotJob[s], Math.round(cost.completionLatencyNs()), DEVICE_DONE << SLOT_BITS | s);
    }

    private void deviceDone(int s) {
        if (pageWriteback != null && pageWriteback.leads(s)) {
            pageWrittenOut(s);
        } else {
            written(s);
        }
    }

    /**
     * The page write slot {@code s} leads is on the device. Over blocks not yet written its ioend converts them
     * first, once for every writer it carries, and only then does the folio's writeback end
     * ({@code iomap_finish_ioends} → {@code folio_end_writeback} after {@code xfs_end_ioend}), so the next
     * writers of the page wait for the conversion too and meet written blocks. Whether it converts is decided
     * here, by the blocks the write meets on the device, not when its data was copied.
     */
    private void pageWrittenOut(int s) {
        SimFile f = files[io.slotFile[s]];
        boolean unwritten = false;
        for (int i = 0; i < pageWriteback.carriedCount(s) && !unwritten; i++) {
            int c = pageWriteback.carried(s, i);
            unwritten = f.map.any(io.slotOffset[c] >>> bits, (io.slotOffset[c] + io.slotLength[c] - 1) >>> bits,
                    NOT_WRITTEN);
        }
        if (unwritten) {
            metadata.convertPage(now, s, f, PAGE_CONVERTED << SLOT_BITS);
        } else {
            pageWriteback.written(s, this::forceIfUncovered, this::wakePageLeader);
        }
    }

    private void pageConverted(int s) {
        SimFile f = files[io.slotFile[s]];
        for (int i = 0; i < pageWriteback.carriedCount(s); i++) {
            int c = pageWriteback.carried(s, i);
            f.map.set(io.slotOffset[c] >>> bits, (io.slotOffset[c] + io.slotLength[c] - 1) >>> bits, NOT_WRITTEN,
                    BlockMap.WRITTEN);
        }
        metadata.committed(f);
        pageWriteback.written(s, this::forceConverted, this::wakePageLeader);
    }

    /** Slot {@code s}'s page write was converted: with O_DSYNC it is durable after a log force. */
    private void forceConverted(int s) {
        if (!metadata.forceCommitted(now, s, files[io.slotFile[s]])) {
            complete(s);
        }
    }

    /** Slot {@code s}'s page write changed no metadata: the log force of {@link WaitRules#inodeLogForce()}. */
    private void forceIfUncovered(int s) {
        if (!metadata.forceDirtyLog(now, s, files[io.slotFile[s]])) {
            complete(s);
        }
    }

    /** Slot {@code s}'s data is on the device: the conversion or size update and log force, or completion. */
    private void written(int s) {
        SimFile f = files[io.slotFile[s]];
        if (io.slotRead[s] || !metadata.convert(now, s, io.slotPlan[s], f) && !metadata.forceDirtyLog(now, s, f)) {
            complete(s);
        }
    }

    private void complete(int s) {
        Plan p = io.slotPlan[s];
        SimFile f = files[io.slotFile[s]];
        int j = io.slotJob[s];
        long off = io.slotOffset[s];
        long len = io.slotLength[s];
        if (!io.slotRead[s]) {
            f.map.set(off >>> bits, (off + len - 1) >>> bits, NOT_WRITTEN, BlockMap.WRITTEN);
            if (off + len > f.iSize) {
                f.iSize = off + len;
            }
            if (p.completion == Plan.COPY && !dsync && syncFileRange.write()) {
                f.addDirty(off, len);
            }
            tally.writes++;
        } else {
            tally.reads++;
        }
        if (p.dio) {
            f.dioEnd(events, now, DRAINED << SLOT_BITS);
        }
        if (io.slotHolding[s] != 0) {
            locks.release(now, f, s);
        }
        io.jobIos[j]++;
        io.jobBytes[j] += len;
        io.jobLast[j] = now;
        tally.latencySum += now - io.slotStartTime[s];
        io.inflight[j]--;
        io.freeSlots[j][io.freeCount[j]++] = s;
        if (io.blockedOn[j] == s) {
            io.blockedOn[j] = -1;
            io.submitting[j] = false;
        }
        if (!io.slotRead[s] && syncFileRange.enabled() && ++io.writesSinceSync[j] == syncFileRange.every()) {
            io.writesSinceSync[j] = 0;
            io.pendingSync[j] = io.slotFile[s];
        }
        startNext(j);
    }

    /** The job's thread is back from a {@code sync_file_range} call: it submits again. */
    private void resume(int j) {
        io.submitting[j] = false;
        io.asleep[j] = true;
        startNext(j);
    }

    private long sample(double meanNs) {
        return sampler.sample(meanNs);
    }

    // ---- result

    private SimResult result() {
        return tally.result(cfg.policy().id(), jobs, timeBased ? endTime : -1, io.jobIos, io.jobBytes, io.jobLast,
                SimFiles.handoffs(files), metadata.logWrites(), plans.shapes(), cpu.busyNs(), devicePath.commands(),
                cpu.exits(), SimFiles.spinGrants(files), SimFiles.steals(files));
    }

}

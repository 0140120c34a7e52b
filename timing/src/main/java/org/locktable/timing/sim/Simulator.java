package org.locktable.timing.sim;

import java.util.ArrayList;
import java.util.List;

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
 *
 * <p>The stages, each a class: {@link JobThreads} (think, slots, {@code sync_file_range}, io_uring punts),
 * {@link LockPath} (decision, lock ops, in-lock CPU), {@link IoSubmission} (drain, submission),
 * {@link PageWrites} (O_DSYNC buffered page writes), {@link IoCompletion} (conversion, log force, completion), over
 * the state of the run ({@link RunState}). This class runs the event loop and hands each event to its stage.
 */
public final class Simulator {
    private final RunState run;
    private final JobThreads threads;
    private final LockPath lockPath;
    private final IoSubmission submission;
    private final PageWrites pages;
    private final IoCompletion completion;

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
        RunState run = new Simulator(cfg).run;
        JobStream st = run.streams[0];
        if (!st.next() || st.read) {
            return null;
        }
        SimFile f = run.files[st.file];
        return run.plans.planFor(f.map, f.iSize, st.offset, st.length).profile(st.length);
    }

    private Simulator(SimConfig cfg) {
        this.run = new RunState(cfg);
        this.threads = new JobThreads(run);
        this.completion = new IoCompletion(run, threads);
        this.pages = new PageWrites(run, completion);
        this.submission = new IoSubmission(run, threads, pages, completion);
        this.lockPath = new LockPath(run, threads, submission);
        pages.resumeCopiesIn(lockPath);
    }

    private SimResult execute() {
        EventQueue events = run.events;
        for (int j = 0; j < run.jobs; j++) {
            threads.startNext(j);
        }
        while (!events.isEmpty()) {
            if (events.peekTime() > run.endTime) {
                break;
            }
            int e = events.pop();
            run.now = events.poppedTime();
            run.tally.eventCount++;
            handle(e);
        }
        if (!run.timeBased) {
            run.io.checkAllFinished();
        }
        return result();
    }

    /** Hands event {@code e} to its stage. */
    private void handle(int e) {
        int s = SimEvent.slot(e);
        switch (SimEvent.kind(e)) {
            case SimEvent.THINK_DONE -> lockPath.begin(s);
            case SimEvent.GRANTED -> lockPath.granted(s);
            case SimEvent.PRE_OP_DONE -> lockPath.advance(s);
            case SimEvent.MAIN_DONE -> submission.afterLock(s);
            case SimEvent.DRAINED -> submission.drained(s);
            case SimEvent.DEVICE_DONE -> {
                if (--run.io.slotBiosLeft[s] == 0) {
                    deviceDone(s); // the last of the I/O's bios (iomap_dio_bio_end_io drops the last ref)
                }
            }
            case SimEvent.CONVERSION_DONE -> completion.converted(s);
            case SimEvent.LOG_FORCED -> completion.logForced(s);
            case SimEvent.WRITEBACK_DONE -> threads.writebackDone(s);
            case SimEvent.HOST_WORKER_DONE -> run.devicePath.workerDone(run.now);
            case SimEvent.PAGE_CONVERTED -> pages.converted(s);
            case SimEvent.PAGE_LEADER_AWAKE -> pages.leaderAwake(s);
            case SimEvent.SPIN_GRANTED -> lockPath.spinGranted(s);
            case SimEvent.WRITER_WOKEN -> lockPath.writerWoken(s);
            case SimEvent.WRITER_TRY -> lockPath.writerTry(s);
            case SimEvent.READER_SPIN_TIMEOUT -> run.locks.readerSpinTimeout(run.now, run.file(s));
            default -> throw new IllegalStateException("unknown event " + e);
        }
    }

    /** All of slot {@code s}'s device commands are done: a page write it leads, or its own I/O. */
    private void deviceDone(int s) {
        if (pages.leads(s)) {
            pages.writtenOut(s);
        } else {
            completion.written(s);
        }
    }

    private SimResult result() {
        SimFile[] files = run.files;
        JobSlots io = run.io;
        return run.tally.result(run.cfg.policy().id(), run.jobs, run.timeBased ? run.endTime : -1, io.jobIos,
                io.jobBytes, io.jobLast, SimFiles.handoffs(files), run.metadata.logWrites(), run.plans.shapes(),
                run.cpu.busyNs(), run.devicePath.commands(), run.cpu.exits(), SimFiles.spinGrants(files),
                SimFiles.steals(files));
    }
}

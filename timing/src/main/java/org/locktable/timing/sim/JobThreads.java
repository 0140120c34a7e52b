package org.locktable.timing.sim;

import org.locktable.timing.workload.JobSpec;

/**
 * Each job's one submitting thread: it thinks (Z, CPU outside the lock), takes a free slot and starts the slot's I/O
 * on its lock path. With every slot in flight it sleeps in {@code io_getevents} until a completion; every N writes
 * it makes a {@code sync_file_range} call ({@link SyncFileRangeCalls}) between two I/Os; an io_uring I/O about to
 * sleep goes on in an io-wq worker, which frees the thread. A job blocked in a WAITED submission, a synchronous
 * buffered write or a {@code sync_file_range} call submits nothing else.
 */
final class JobThreads {
    private final RunState run;
    private final JobSlots io;
    /** {@link WaitRules#ioUringPunt()} and an io_uring direct job (io_uring/rw.c issues with IOCB_NOWAIT first). */
    private final boolean punt;
    private final SyncFileRangeCalls syncCalls;

    JobThreads(RunState run) {
        this.run = run;
        this.io = run.io;
        JobSpec spec = run.spec;
        this.punt = run.cfg.rules().ioUringPunt() && spec.engine() == JobSpec.Engine.IO_URING && spec.direct();
        this.syncCalls = new SyncFileRangeCalls(spec.syncFileRange(), run.files, run.devicePath, run.tally, run.jobs,
                SimEvent.base(SimEvent.WRITEBACK_DONE), this::resume);
    }

    /** Job {@code j}'s thread submits its next I/O, unless it is busy, out of slots or done. */
    void startNext(int j) {
        if (io.submitting[j] || io.finished[j]) {
            return;
        }
        if (io.pendingSync[j] >= 0) {
            int f = io.pendingSync[j];
            io.pendingSync[j] = -1;
            io.submitting[j] = true;
            run.tally.syncFileRangeCalls++;
            syncCalls.start(run.now, j, f);
            return;
        }
        if (io.inflight[j] >= run.depth) {
            io.asleep[j] = true; // in io_getevents until a completion
            return;
        }
        if (run.now >= run.endTime) {
            io.finished[j] = true;
            return;
        }
        JobStream st = run.streams[j];
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
        double think = run.cost.thinkNs();
        boolean woken = io.asleep[j];
        if (woken) {
            io.asleep[j] = false;
            think += run.cost.wakeNs();
            run.tally.wakeUps++;
        }
        run.events.push(run.burst(woken, run.sample(think)), SimEvent.of(SimEvent.THINK_DONE, s));
    }

    /** Whether an I/O about to sleep goes on in an io-wq worker ({@link #punt}). */
    boolean punts() {
        return punt;
    }

    /** An io_uring I/O about to sleep goes on in an io-wq worker; its job's submitter is free again. */
    void punt(int s) {
        if (!punt || io.slotPunted[s]) {
            return;
        }
        io.slotPunted[s] = true;
        run.tally.ioUringPunts++;
        int j = io.slotJob[s];
        io.submitting[j] = false;
        startNext(j);
    }

    /** One writeback write of file {@code f} a {@code sync_file_range} call sent is done. */
    void writebackDone(int f) {
        syncCalls.writebackDone(run.now, f);
    }

    /** The job's thread is back from a {@code sync_file_range} call: it submits again. */
    private void resume(int j) {
        io.submitting[j] = false;
        io.asleep[j] = true;
        startNext(j);
    }
}

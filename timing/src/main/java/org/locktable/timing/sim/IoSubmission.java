package org.locktable.timing.sim;

/**
 * An I/O leaves its lock path: {@code inode_dio_wait} if the decision drains, then submission. A buffered write's
 * copy is done: the lock is released and, with O_DSYNC, its page goes to the device ({@link PageWrites}). A direct
 * I/O moves i_size where the decision does it at submission, allocates its holes, counts in {@code inode_dio_begin}
 * and sends its bios; the lock is released right after submission for an async kiocb without FORCE_WAIT, and the
 * submitter goes on, or it sleeps until completion (in an io-wq worker, for a punted io_uring I/O).
 */
final class IoSubmission {
    private final RunState run;
    private final JobSlots io;
    private final JobThreads threads;
    private final PageWrites pages;
    private final IoCompletion completion;
    /** {@link WaitRules#biosPerSegment()}: one device command per bio of a direct write. */
    private final boolean biosPerSegment;

    IoSubmission(RunState run, JobThreads threads, PageWrites pages, IoCompletion completion) {
        this.run = run;
        this.io = run.io;
        this.threads = threads;
        this.pages = pages;
        this.completion = completion;
        this.biosPerSegment = run.cfg.rules().biosPerSegment();
    }

    /** Slot {@code s}'s lock path is done: it drains first if its decision says so and direct I/O is in flight. */
    void afterLock(int s) {
        Plan p = io.slotPlan[s];
        if (p.drain) {
            run.tally.drains++;
            SimFile f = run.file(s);
            if (f.dio > 0) {
                run.tally.drainWaits++;
                io.slotDrainStart[s] = run.now;
                f.addDrainer(s);
                run.locks.ownerSleeps(run.now, f, s);
                threads.punt(s);
                return;
            }
        }
        submit(s);
    }

    /** Slot {@code s}'s {@code inode_dio_wait} returned: the file's direct I/O in flight is done. */
    void drained(int s) {
        run.tally.drainWaitNs += run.now - io.slotDrainStart[s];
        submit(s);
    }

    private void submit(int s) {
        Plan p = io.slotPlan[s];
        SimFile f = run.file(s);
        int j = io.slotJob[s];
        boolean write = !io.slotRead[s];
        long off = io.slotOffset[s];
        long len = io.slotLength[s];
        if (write && p.sizeAtSubmission && off + len > f.iSize) {
            f.iSize = off + len;
        }
        if (p.completion == Plan.COPY) {
            run.locks.release(run.now, f, s);
            io.blockedOn[j] = s; // a buffered write is synchronous for its submitter
            if (run.dsync) {
                io.asleep[j] = true;
                pages.sync(s);
            } else {
                completion.complete(s);
            }
            return;
        }
        if (write) {
            f.map.set(off >>> run.bits, (off + len - 1) >>> run.bits, 1 << BlockMap.HOLE,
                    p.allocUnwritten ? BlockMap.UNWRITTEN : BlockMap.WRITTEN);
        }
        if (p.dio) {
            f.dio++;
        }
        io.slotBiosLeft[s] = run.devicePath.submitIo(run.now, f.deviceBase + off, len,
                write && biosPerSegment ? p : null, write, write && run.dsync, j,
                Math.round(run.cost.completionLatencyNs()), SimEvent.of(SimEvent.DEVICE_DONE, s));
        if (p.completion == Plan.QUEUED) {
            if (io.slotHolding[s] != 0) {
                run.locks.release(run.now, f, s);
            }
            if (!io.slotPunted[s]) {
                io.submitting[j] = false;
            }
            threads.startNext(j);
        } else if (threads.punts()) {
            run.locks.ownerSleeps(run.now, f, s);
            threads.punt(s);
        } else {
            run.locks.ownerSleeps(run.now, f, s);
            io.blockedOn[j] = s;
            io.asleep[j] = true; // in the kernel until the bio completes
        }
    }
}

package org.locktable.timing.sim;

import org.locktable.timing.workload.SyncFileRange;

/**
 * An I/O's end, after the device: the completion latency L, then the inode's serialized conversion stage (V per
 * conversion, + size update) and, with O_DSYNC after a conversion or size update, a group-committed log force (F,
 * {@link MetadataStage}); then completion: {@code inode_dio_end}, blocks written, i_size extended, the lock released
 * if still held, the slot free, and the job's thread woken to submit again.
 */
final class IoCompletion {
    private final RunState run;
    private final JobSlots io;
    private final JobThreads threads;
    private final SyncFileRange syncFileRange;

    IoCompletion(RunState run, JobThreads threads) {
        this.run = run;
        this.io = run.io;
        this.threads = threads;
        this.syncFileRange = run.spec.syncFileRange();
    }

    /** Slot {@code s}'s data is on the device: the conversion or size update and log force, or completion. */
    void written(int s) {
        SimFile f = run.file(s);
        if (io.slotRead[s] || !run.metadata.convert(run.now, s, io.slotPlan[s], f)
                && !run.metadata.forceDirtyLog(run.now, s, f)) {
            complete(s);
        }
    }

    /** Slot {@code s}'s conversion or size update is committed: a log force follows with O_DSYNC. */
    void converted(int s) {
        if (!run.metadata.forceLog(run.now, s, run.file(s))) {
            complete(s);
        }
    }

    /** Slot {@code s}'s log force is done. */
    void logForced(int s) {
        run.metadata.forced(s, run.file(s));
        complete(s);
    }

    void complete(int s) {
        Plan p = io.slotPlan[s];
        SimFile f = run.file(s);
        int j = io.slotJob[s];
        long off = io.slotOffset[s];
        long len = io.slotLength[s];
        if (!io.slotRead[s]) {
            f.map.set(off >>> run.bits, (off + len - 1) >>> run.bits, BlockMap.NOT_WRITTEN, BlockMap.WRITTEN);
            if (off + len > f.iSize) {
                f.iSize = off + len;
            }
            if (p.completion == Plan.COPY && !run.dsync && syncFileRange.write()) {
                f.addDirty(off, len);
            }
            run.tally.writes++;
        } else {
            run.tally.reads++;
        }
        if (p.dio) {
            f.dioEnd(run.events, run.now, SimEvent.base(SimEvent.DRAINED));
        }
        if (io.slotHolding[s] != 0) {
            run.locks.release(run.now, f, s);
        }
        io.jobIos[j]++;
        io.jobBytes[j] += len;
        io.jobLast[j] = run.now;
        run.tally.latencySum += run.now - io.slotStartTime[s];
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
        threads.startNext(j);
    }
}

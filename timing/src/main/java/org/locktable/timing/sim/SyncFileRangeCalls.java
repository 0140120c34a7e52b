package org.locktable.timing.sim;

import java.util.function.IntConsumer;

import org.locktable.timing.workload.SyncFileRange;

/**
 * fio's {@code sync_file_range=FLAGS:N}: every N buffered writes a job's thread makes the call between two of its
 * I/Os. It waits for the file's writeback under way ({@code wait_before}), sends every dirty range of the file to
 * the device ({@code write}) and waits for that ({@code wait_after}), as the flags say; then the job submits again.
 */
final class SyncFileRangeCalls {
    private static final byte WAIT_BEFORE = 1;
    private static final byte WAIT_AFTER = 2;

    private final SyncFileRange flags;
    private final SimFile[] files;
    private final DevicePath device;
    private final Tally tally;
    private final int writebackDoneEvent;
    private final IntConsumer resume;
    /** Per job: which wait its call is in. */
    private final byte[] phase;

    /**
     * @param writebackDoneEvent the event, or-ed with the file's index, that {@link #writebackDone(long, int)} is
     *     to be called for
     * @param resume the job's thread is back from its call
     */
    SyncFileRangeCalls(SyncFileRange flags, SimFile[] files, DevicePath device, Tally tally, int jobs,
            int writebackDoneEvent, IntConsumer resume) {
        this.flags = flags;
        this.files = files;
        this.device = device;
        this.tally = tally;
        this.writebackDoneEvent = writebackDoneEvent;
        this.resume = resume;
        this.phase = new byte[jobs];
    }

    /** {@code SYNC_FILE_RANGE_WAIT_BEFORE}: wait for the writeback under way in the file when the call starts. */
    void start(long now, int j, int fi) {
        SimFile f = files[fi];
        if (flags.waitBefore() && f.writebackCompleted < f.writebackSubmitted) {
            phase[j] = WAIT_BEFORE;
            f.addWaiter(j, f.writebackSubmitted);
            return;
        }
        syncWrite(now, j, fi);
    }

    /** {@code SYNC_FILE_RANGE_WRITE}: every dirty range of the file goes to the device; then WAIT_AFTER. */
    private void syncWrite(long now, int j, int fi) {
        SimFile f = files[fi];
        if (flags.write()) {
            for (int i = 0; i < f.dirtyCount; i++) {
                device.submit(now, f.deviceBase + f.dirtyOffset[i], f.dirtyLength[i], true, false, j, 0,
                        writebackDoneEvent | fi);
            }
            f.writebackSubmitted += f.dirtyCount;
            tally.writebackWrites += f.dirtyCount;
            f.dirtyCount = 0;
        }
        if (flags.waitAfter() && f.writebackCompleted < f.writebackSubmitted) {
            phase[j] = WAIT_AFTER;
            f.addWaiter(j, f.writebackSubmitted);
            return;
        }
        resume.accept(j);
    }

    /** One writeback write of file {@code fi} completed: the calls waiting for it go on. */
    void writebackDone(long now, int fi) {
        SimFile f = files[fi];
        f.writebackCompleted++;
        int kept = 0;
        int n = f.waitCount;
        int[] ready = null;
        int readyCount = 0;
        for (int i = 0; i < n; i++) {
            if (f.waitTarget[i] <= f.writebackCompleted) {
                if (ready == null) {
                    ready = new int[n];
                }
                ready[readyCount++] = f.waitJob[i];
            } else {
                f.waitJob[kept] = f.waitJob[i];
                f.waitTarget[kept++] = f.waitTarget[i];
            }
        }
        f.waitCount = kept;
        for (int i = 0; i < readyCount; i++) {
            int j = ready[i];
            if (phase[j] == WAIT_BEFORE) {
                syncWrite(now, j, fi);
            } else {
                resume.accept(j);
            }
        }
    }
}

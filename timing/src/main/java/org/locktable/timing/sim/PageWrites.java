package org.locktable.timing.sim;

import java.util.function.IntConsumer;

/**
 * O_DSYNC buffered writes as the device sees them: a write's page goes out after its copy, as one FUA write, and
 * under {@link WaitRules#pageWriteback()} the writers of one page share its writeback ({@link PageWriteback}). When
 * a page write lands over blocks not yet written its ioend converts them first; a write that converted is durable
 * after a log force ({@link MetadataStage}), then it completes ({@link IoCompletion}).
 */
final class PageWrites {
    private final RunState run;
    private final JobSlots io;
    /** Null without {@link WaitRules#pageWriteback()}: every write then sends its own page. */
    private final PageWriteback pageWriteback;
    private final IoCompletion completion;
    /** Where a copy that waited for a page's folio lock goes on ({@link #resumeCopiesIn}). */
    private IntConsumer copyGoesOn;

    PageWrites(RunState run, IoCompletion completion) {
        this.run = run;
        this.io = run.io;
        this.pageWriteback = run.pageWriteback;
        this.completion = completion;
    }

    /** The lock path a copy that waited for a folio lock goes on in: the one edge back up the stages. */
    void resumeCopiesIn(LockPath lockPath) {
        this.copyGoesOn = lockPath::copyUnlocked;
    }

    /** Slot {@code s}'s O_DSYNC copy is done: its page goes out now, or with the next write of the page. */
    void sync(int s) {
        if (pageWriteback != null) {
            pageWriteback.sync(s, io.slotFile[s], io.slotOffset[s], this::send);
        } else {
            send(s);
        }
    }

    /** Whether the device write of slot {@code s} is a page write it leads for the page's writers. */
    boolean leads(int s) {
        return pageWriteback != null && pageWriteback.leads(s);
    }

    /**
     * The page write slot {@code s} leads is on the device. Over blocks not yet written its ioend converts them
     * first, once for every writer it carries, and only then does the folio's writeback end
     * ({@code iomap_finish_ioends} → {@code folio_end_writeback} after {@code xfs_end_ioend}), so the next
     * writers of the page wait for the conversion too and meet written blocks. Whether it converts is decided
     * here, by the blocks the write meets on the device, not when its data was copied.
     */
    void writtenOut(int s) {
        SimFile f = run.file(s);
        boolean unwritten = false;
        for (int i = 0; i < pageWriteback.carriedCount(s) && !unwritten; i++) {
            int c = pageWriteback.carried(s, i);
            unwritten = f.map.any(io.slotOffset[c] >>> run.bits, (io.slotOffset[c] + io.slotLength[c] - 1) >>> run.bits,
                    BlockMap.NOT_WRITTEN);
        }
        if (unwritten) {
            run.metadata.convertPage(run.now, s, f, SimEvent.base(SimEvent.PAGE_CONVERTED));
        } else {
            pageWriteback.written(s, this::forceIfUncovered, this::wakeLeader);
        }
    }

    /** The ioend of the page write slot {@code s} leads has converted the blocks of every writer it carries. */
    void converted(int s) {
        SimFile f = run.file(s);
        for (int i = 0; i < pageWriteback.carriedCount(s); i++) {
            int c = pageWriteback.carried(s, i);
            f.map.set(io.slotOffset[c] >>> run.bits, (io.slotOffset[c] + io.slotLength[c] - 1) >>> run.bits,
                    BlockMap.NOT_WRITTEN, BlockMap.WRITTEN);
        }
        run.metadata.committed(f);
        pageWriteback.written(s, this::forceConverted, this::wakeLeader);
    }

    /** The woken leader {@code s} of a page's next write runs: it sends the write and releases the folio lock. */
    void leaderAwake(int s) {
        pageWriteback.awake(s, this::send, copyGoesOn);
    }

    /** An O_DSYNC buffered write's page goes to the device (FUA), led by slot {@code s}. */
    private void send(int s) {
        io.slotBiosLeft[s] = 1;
        run.devicePath.submit(run.now, run.file(s).deviceBase + io.slotOffset[s], io.slotLength[s], true, true,
                io.slotJob[s], Math.round(run.cost.completionLatencyNs()), SimEvent.of(SimEvent.DEVICE_DONE, s));
    }

    /**
     * Slot {@code s} slept in {@code folio_wait_writeback} (holding the folio lock) and the write it waited for is
     * done: {@code folio_end_writeback} wakes it, and only when it runs ({@code cost.wakeNs} later, as CPU) does it
     * send the page's next write and release the folio lock. Without a wake-up cost or an idle exit it runs at once.
     */
    private void wakeLeader(int s) {
        if (run.cost.wakeNs() > 0 || run.cpu.idleExits()) {
            if (run.cost.wakeNs() > 0) {
                run.tally.wakeUps++;
            }
            run.events.push(run.cpu.wake(run.now, run.sample(run.cost.wakeNs())),
                    SimEvent.of(SimEvent.PAGE_LEADER_AWAKE, s));
        } else {
            leaderAwake(s);
        }
    }

    /** Slot {@code s}'s page write was converted: with O_DSYNC it is durable after a log force. */
    private void forceConverted(int s) {
        if (!run.metadata.forceCommitted(run.now, s, run.file(s))) {
            completion.complete(s);
        }
    }

    /** Slot {@code s}'s page write changed no metadata: the log force of {@link WaitRules#inodeLogForce()}. */
    private void forceIfUncovered(int s) {
        if (!run.metadata.forceDirtyLog(run.now, s, run.file(s))) {
            completion.complete(s);
        }
    }
}

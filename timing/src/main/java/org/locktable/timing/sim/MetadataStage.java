package org.locktable.timing.sim;

import org.locktable.timing.cost.CostModel;

/**
 * What follows the device for a write: the inode's serialized unwritten→written conversion stage (V per
 * converting write, + a size update), then, with O_DSYNC, a group-committed log force (F, {@link GroupCommit}).
 * Under {@link WaitRules#inodeLogForce()} an O_DSYNC write that changed no metadata forces the log too while the
 * inode has committed changes no force has covered yet.
 */
final class MetadataStage {
    private final CostModel cost;
    private final boolean dsync;
    private final CostSampler sampler;
    private final EventQueue events;
    private final Tally tally;
    private final GroupCommit log = new GroupCommit();
    private final int conversionDoneEvent;
    private final int logForcedEvent;
    private final boolean inodeLogForce;
    /** Per slot: the inode's commits its log force covers. */
    private final long[] covers;

    /**
     * @param conversionDoneEvent the event, or-ed with the slot, when the conversion stage is done
     * @param logForcedEvent the event, or-ed with the slot, when the log force is done
     */
    MetadataStage(CostModel cost, boolean dsync, CostSampler sampler, EventQueue events, Tally tally,
            int conversionDoneEvent, int logForcedEvent, int slots, boolean inodeLogForce) {
        this.inodeLogForce = inodeLogForce;
        this.covers = new long[slots];
        this.cost = cost;
        this.dsync = dsync;
        this.sampler = sampler;
        this.events = events;
        this.tally = tally;
        this.conversionDoneEvent = conversionDoneEvent;
        this.logForcedEvent = logForcedEvent;
    }

    /** The device completed slot {@code s}'s write {@code p} to {@code f}: true when it converts first. */
    boolean convert(long now, int s, Plan p, SimFile f) {
        if (!p.converts && !p.sizeUpdate) {
            return false;
        }
        double ns = 0;
        if (p.converts) {
            ns += cost.conversionNs();
            tally.conversions++;
        }
        if (p.sizeUpdate) {
            ns += cost.sizeUpdateNs();
            tally.sizeUpdates++;
        }
        schedule(now, f, ns, conversionDoneEvent | s);
        return true;
    }

    /**
     * An O_DSYNC buffered page write of slot {@code s} reached the device over blocks not yet written: its ioend
     * converts them (or allocates and moves the on-disk size) in one transaction of the inode's serialized stage,
     * however many writers the page write carries ({@code xfs_end_ioend}, fs/xfs/xfs_aops.c). {@code doneEvent},
     * or-ed with the slot, fires when it is done.
     */
    void convertPage(long now, int s, SimFile f, int doneEvent) {
        tally.conversions++;
        schedule(now, f, cost.conversionNs(), doneEvent | s);
    }

    private void schedule(long now, SimFile f, double ns, int event) {
        long start = Math.max(now, f.conversionFree);
        f.conversionFree = start + sampler.sample(ns);
        events.push(f.conversionFree, event);
    }

    /**
     * Slot {@code s}'s conversion is done: true when it waits for a log force, since an O_DSYNC write whose
     * completion changed metadata is durable only after one.
     */
    boolean forceLog(long now, int s, SimFile f) {
        committed(f);
        return forceCommitted(now, s, f);
    }

    /** A transaction of {@code f}'s inode is committed to the log (in memory), not yet forced. */
    void committed(SimFile f) {
        f.logCommits++;
    }

    /**
     * Slot {@code s}'s O_DSYNC write needs a transaction its own I/O committed: true when it waits for a log
     * force, which it always does with O_DSYNC and a log that costs time.
     */
    boolean forceCommitted(long now, int s, SimFile f) {
        if (!dsync || cost.logForceNs() <= 0) {
            return false;
        }
        force(now, s, f);
        return true;
    }

    /**
     * Slot {@code s}'s O_DSYNC write changed no metadata: true when it still waits for a log force, under
     * {@link WaitRules#inodeLogForce()}, because {@code f} has committed changes no force has covered.
     */
    boolean forceDirtyLog(long now, int s, SimFile f) {
        if (!inodeLogForce || !dsync || cost.logForceNs() <= 0 || f.logCommits <= f.logForced) {
            return false;
        }
        tally.inodeLogForces++;
        force(now, s, f);
        return true;
    }

    private void force(long now, int s, SimFile f) {
        tally.logForces++;
        covers[s] = f.logCommits;
        events.push(log.force(now, sampler.sample(cost.logForceNs())), logForcedEvent | s);
    }

    /** Slot {@code s}'s log force is done: the commits it covered are on disk. */
    void forced(int s, SimFile f) {
        f.logForced = Math.max(f.logForced, covers[s]);
    }

    /** Log writes so far. */
    long logWrites() {
        return log.writes();
    }
}

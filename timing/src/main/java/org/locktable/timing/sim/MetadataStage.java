package org.locktable.timing.sim;

import org.locktable.timing.cost.CostModel;

/**
 * What follows the device for a write: the inode's serialized unwritten→written conversion stage (V per
 * converting write, + a size update), then, with O_DSYNC, a group-committed log force (F, {@link GroupCommit}).
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

    /**
     * @param conversionDoneEvent the event, or-ed with the slot, when the conversion stage is done
     * @param logForcedEvent the event, or-ed with the slot, when the log force is done
     */
    MetadataStage(CostModel cost, boolean dsync, CostSampler sampler, EventQueue events, Tally tally,
            int conversionDoneEvent, int logForcedEvent) {
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
        long start = Math.max(now, f.conversionFree);
        f.conversionFree = start + sampler.sample(ns);
        events.push(f.conversionFree, conversionDoneEvent | s);
        return true;
    }

    /**
     * Slot {@code s}'s conversion is done: true when it waits for a log force, since an O_DSYNC write whose
     * completion changed metadata is durable only after one.
     */
    boolean forceLog(long now, int s) {
        if (!dsync || cost.logForceNs() <= 0) {
            return false;
        }
        tally.logForces++;
        events.push(log.force(now, sampler.sample(cost.logForceNs())), logForcedEvent | s);
        return true;
    }

    /** Log writes so far. */
    long logWrites() {
        return log.writes();
    }
}

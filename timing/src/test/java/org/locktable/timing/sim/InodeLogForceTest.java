package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;

/**
 * WaitRules.inodeLogForce by hand: an O_DSYNC write that changed no metadata forces the log while its inode has
 * committed changes no force has covered ({@code xfs_fsync_seq}, fs/xfs/xfs_file.c). Conversion V = 3 µs, log
 * write F = 15 µs, deterministic; the log group-commits ({@link GroupCommit}).
 */
@DisplayName("Inode log force: O_DSYNC overwrites wait for the inode's unforced commits")
class InodeLogForceTest {
    static final long V = 3_000;
    static final long F = 15_000;
    static final int CONVERTED = 1 << 20;
    static final int FORCED = 2 << 20;

    private final EventQueue events = new EventQueue();
    private final Tally tally = new Tally();
    private final SimFile file = new SimFile(null, 0, 0);

    private MetadataStage stage(boolean rule) {
        CostModel c = CostModel.ZERO.withConversionNs(V).withLogForceNs(F).withCv(0);
        return new MetadataStage(c, true, new CostSampler(1, 0), events, tally, CONVERTED, FORCED, 4, rule);
    }

    private long next(int expectedEvent) {
        assertEquals(expectedEvent, events.pop());
        return events.poppedTime();
    }

    @Test
    @DisplayName("an extending write commits at 13 and forces 13..28; an overwrite at 20 joins the next log write, "
            + "28..43; an overwrite at 30 finds every commit covered")
    void byHand() {
        MetadataStage m = stage(true);
        // slot 0: an extending write whose size update transaction is done (committed) at 13 µs
        assertTrue(m.forceLog(13_000, 0, file));
        assertEquals(1, file.logCommits);
        // slot 1: an overwrite whose data is on the device at 20 µs; the inode's commit is not on disk yet
        assertTrue(m.forceDirtyLog(20_000, 1, file));
        assertEquals(28_000, next(FORCED | 0));
        m.forced(0, file);
        assertEquals(1, file.logForced);
        // slot 2 at 30 µs: slot 0's force covered the commit; slot 1's redundant force is still in flight
        assertFalse(m.forceDirtyLog(30_000, 2, file));
        assertEquals(43_000, next(FORCED | 1), "slot 1 joined the log write after the one in flight");
        m.forced(1, file);
        assertEquals(2, tally.logForces, "slot 0's and slot 1's");
        assertEquals(1, tally.inodeLogForces);
    }

    @Test
    @DisplayName("without the rule an overwrite never forces the log")
    void withoutTheRule() {
        MetadataStage m = stage(false);
        assertTrue(m.forceLog(13_000, 0, file));
        assertFalse(m.forceDirtyLog(20_000, 1, file));
    }
}

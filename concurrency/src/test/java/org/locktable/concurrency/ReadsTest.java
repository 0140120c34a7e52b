package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.example.skeleton.SkeletonPolicies;
import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;

/** Reads in the race language: what a read returns, its bytes and its length, must match some serial order. */
class ReadsTest {
    private static Inode inode(String layout, long size) {
        try {
            return Inode.builder(Layout.parse(layout)).size(size).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e);
        }
    }

    private static Verdict race(Policy p, String layout, long size, Operation... ops) {
        return Race.explore(p, inode(layout, size), List.of(ops));
    }

    private static Operation op(String text) {
        try {
            return Operation.parse(text);
        } catch (InvalidInputException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theReadKindsParseAndPrint() {
        for (String text : new String[] {"dio-read 0+4096", "aio-dio-read 512+1024", "buffered-read 4096+8192"}) {
            Operation o = op(text);
            assertTrue(o.read() && !o.write(), text);
            assertEquals(text, o.toString());
        }
    }

    /** Under today's locks a read shares the lock with direct writes and waits for truncate, punch and fallocate. */
    @Test
    void todaysReadsAreSafeAgainstWritesAndTheInodeOperations() {
        for (String policy : new String[] {"ext4-base", "xfs-dio"}) {
            Policy p = PolicyCatalog.builtIn(policy);
            for (String read : new String[] {"dio-read 0+8192", "aio-dio-read 4096+4096", "buffered-read 0+8192"}) {
                for (String other : new String[] {"aio-dio 4096+4096", "dio 0+4096", "truncate 2048", "punch 4096+4096",
                    "aio-dio 6144+4096"}) {
                    Verdict v = race(p, "W W", 8192, op(other), op(read));
                    assertTrue(v.safe(), () -> policy + " " + other + " / " + read + ":\n"
                            + v.counterexample().orElseThrow().timeline());
                }
            }
        }
    }

    /**
     * A direct read that takes no lock submits after truncate drained and before it freed the blocks: its bio reads
     * freed, stale disk bytes, which no serial order returns (the class of 1c9114f9c0f1, "ext4: serialize unlocked dio
     * reads with truncate").
     */
    @Test
    void anUnlockedReadRacingATruncateReturnsStaleBytes() {
        Verdict v = race(new SkeletonPolicies.UnlockedReads(), "W W", 8192, op("truncate 0"), op("aio-dio-read 4096+4096"));
        assertEquals("[4096,8192)", v.counterexample().orElseThrow().badRangesText(), v.counterexample().get().timeline());
    }

    /** Length: a read at or past the i_size it sampled returns nothing, and that is some serial order's answer. */
    @Test
    void aReadPastEofReturnsWhatSomeOrderGives() {
        Verdict v = race(PolicyCatalog.builtIn("ext4-base"), "W H", 4096, op("aio-dio 4096+4096"), op("dio-read 4096+4096"));
        assertTrue(v.safe());
    }

    /** Four operations: XFS's truncate race with a read after it; the read itself may see either size, never stale. */
    @Test
    void fourOperationsRace() {
        Policy xfs = PolicyCatalog.builtIn("xfs-dio");
        Verdict v = race(xfs, "W W", 8192, op("aio-dio 5120+1024"), op("truncate 6144"), op("dio 4096+4096"),
                op("dio-read 4096+4096"));
        assertEquals("[6144,8192)", v.counterexample().orElseThrow().badRangesText());
        assertTrue(race(xfs, "W W", 8192, op("dio 0+4096"), op("dio-read 0+4096"), op("truncate 4096"),
                op("buffered-read 0+8192")).safe());
    }

    /** A kernel whose read path is not modelled refuses a race with a read, with the reason. */
    @Test
    void oldExt4RefusesReads() {
        PolicyNotReplayable refused = assertThrows(PolicyNotReplayable.class, () -> race(PolicyCatalog.get("ext4-v2.6.38"),
                "W W", 8192, op("truncate 0"), op("dio-read 0+4096")));
        assertTrue(refused.getMessage().contains("DIO_LOCKING"), refused.getMessage());
    }
}

package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locktable.engine.model.InvalidInputException;

/**
 * Truncate, punch and fallocate racing direct writes (InodeSteps). Provenance: the C functions named in InodeSteps —
 * ext4_setattr drains direct I/O only when shrinking, xfs_setattr_size always; both zero the partial EOF block through
 * the page cache; punch and fallocate drain on both.
 */
class TruncateTest {
    private static final List<String> BOTH = List.of("ext4-base", "xfs-dio");

    private static Verdict race(String policy, String layout, long size, Operation... ops) {
        return BufferedWritesTest.race(policy, layout, size, ops);
    }

    private static String timeline(Verdict v) {
        return v.counterexample().or(v::collision).map(Counterexample::timeline).orElse("(no counterexample)");
    }

    /** A queued overwrite of the bytes a shrink removes: the shrink drains it, on both file systems. */
    @Test
    void aShrinkDrainsTheQueuedOverwriteOfTheBytesItRemoves() {
        for (String p : BOTH) {
            Verdict v = race(p, "W W", 8192, Operation.aio(5120, 2048), Operation.truncate(6144));
            assertTrue(v.safe() && !v.collided(), () -> p + "\n" + timeline(v));
            assertTrue(v.schedules() > 1, p);
        }
    }

    /**
     * Growing, ext4_setattr does not drain (inode_dio_wait only "if (shrink)") but ext4_block_truncate_page zeroes the
     * old EOF block's tail through the page cache: it reads the block while A's bio over it is in flight, and the dirty
     * page's writeback puts the stale copy back over A's bytes. The criterion files it as a page-cache collision (the
     * kernel warns: the page is dirty when A's iomap_dio_complete invalidates it), though the user did no buffered I/O:
     * the stale copy is the truncate's own. XFS drains first (xfs_setattr_size: inode_dio_wait always).
     */
    @Test
    void ext4GrowingZeroesTheOldEofBlockThroughThePageCacheWithoutDraining() {
        Verdict ext4 = race("ext4-base", "W W", 6144, Operation.aio(4096, 1024), Operation.truncate(8192));
        assertTrue(ext4.safe(), () -> timeline(ext4));
        assertEquals(List.of("[4096,5120)"), ext4.collisionRangeSets(), timeline(ext4));
        Counterexample c = ext4.collision().orElseThrow();
        assertTrue(c.steps().contains("B: ext4_setattr: zero old EOF block past 6144, i_size = 8192"), c.timeline());
        Verdict xfs = race("xfs-dio", "W W", 6144, Operation.aio(4096, 1024), Operation.truncate(8192));
        assertTrue(xfs.safe() && !xfs.collided(), () -> timeline(xfs));
    }

    /**
     * XFS samples i_size before the lock (xfs_file_dio_write_unaligned): A, unaligned and inside the old EOF 8192,
     * chooses the shared path; a truncate to 6144 runs before A locks, so A now ends exactly at EOF and submits its
     * EOF-tail zero bio [6144,8192) under the shared lock, queued. C, an aligned extending write, is shared on XFS and
     * does not drain: its bytes past 6144 can be zeroed by A's bio landing last. Three operations, no pair of them.
     */
    @Test
    void xfsStaleUnlockedSizeSampleAndATruncateMakeTheEofTailRaceWithThree() {
        Operation a = Operation.aio(5120, 1024);
        Operation b = Operation.truncate(6144);
        Operation c = Operation.dio(4096, 4096);
        Verdict v = race("xfs-dio", "W W", 8192, a, b, c);
        Counterexample cx = v.counterexample().orElseThrow(() -> new AssertionError("SAFE"));
        assertEquals("[6144,8192)", cx.badRangesText(), cx.timeline());
        assertTrue(cx.steps().get(0).startsWith("A: i_size_read = 8192"), cx.timeline());
        assertTrue(cx.steps().contains("A: bio done: zero eof-tail [6144,8192)"), cx.timeline());
        for (List<Operation> pair : List.of(List.of(a, b), List.of(a, c), List.of(b, c))) {
            Verdict two = race("xfs-dio", "W W", 8192, pair.toArray(new Operation[0]));
            assertTrue(two.safe(), () -> pair + "\n" + timeline(two));
        }
    }

    @Test
    void punchAndFallocateDrainAndAreSafeAgainstDirectWrites() {
        for (String p : BOTH) {
            for (Operation[] race : List.of(
                    new Operation[] {Operation.aio(4096, 4096), Operation.punch(4096, 4096)},
                    new Operation[] {Operation.aio(4608, 1024), Operation.punch(4096, 2048)},
                    new Operation[] {Operation.aio(0, 8192), Operation.punch(2048, 4096)})) {
                Verdict v = race(p, "W W", 8192, race);
                assertTrue(v.safe() && !v.collided(), () -> p + " " + List.of(race) + "\n" + timeline(v));
            }
            Verdict f = race(p, "W H", 4096, Operation.aio(4096, 4096), Operation.fallocate(4096, 4096));
            assertTrue(f.safe() && !f.collided(), () -> p + "\n" + timeline(f));
        }
    }

    /** A truncate that shrinks and a buffered write past the new EOF: either order, the size and bytes of one of them. */
    @Test
    void aShrinkAndABufferedWritePastItAreSerial() {
        for (String p : BOTH) {
            Verdict v = race(p, "W W", 8192, Operation.buffered(6144, 1024, true), Operation.truncate(4096));
            assertTrue(v.safe() && !v.collided(), () -> p + "\n" + timeline(v));
        }
    }

    @Test
    void theOperationsParse() throws InvalidInputException {
        assertEquals(Operation.truncate(6144), Operation.parse("truncate 6144"));
        assertEquals("truncate 0", Operation.parse(" truncate  0 ").toString());
        assertEquals(Operation.punch(4096, 4096), Operation.parse("punch 4096+4096"));
        assertEquals(Operation.fallocate(0, 512), Operation.parse("fallocate 0+512"));
        for (String bad : List.of("truncate 100", "truncate 0+4096", "truncate", "punch 4096", "fallocate 0+0", "truncate x")) {
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> Operation.parse(bad), bad);
            assertTrue(e.getMessage().length() > 10, e.getMessage());
        }
    }
}

package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/**
 * Buffered writes and fsync racing direct writes. Provenance: the live run's buffered R4 variant (race-harness: A =
 * libaio O_DIRECT 5120+1024 ending at i_size 6144, B = buffered [6144,7168) + fsync; ext4 10 of 10 corrupted with
 * [6144,7168) reading zeros after remount, XFS 0 of 10).
 */
class BufferedWritesTest {
    private static final List<String> EXT4 = List.of("ext4-base", "ext4-patch1", "ext4-patch2");
    private static final String R4_CLASS = "[6144,7168)";

    static Verdict race(String policy, String layout, long size, Operation... ops) {
        try {
            return Race.explore(PolicyCatalog.builtIn(policy), Inode.builder(Layout.parse(layout)).size(size).build(), List.of(ops));
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Verdict r4Buffered(String policy, long size) {
        return race(policy, "W W", size, Operation.aio(5120, 1024), Operation.buffered(6144, 1024, true));
    }

    @Test
    void bufferedR4IsTheStaleEofTailZeroLandingAfterTheWriteback() {
        for (String p : EXT4) {
            Verdict v = r4Buffered(p, 6144);
            Counterexample cx = v.counterexample().orElseThrow(() -> new AssertionError(p + " SAFE"));
            assertEquals(R4_CLASS, cx.badRangesText(), p + "\n" + cx.timeline());
            assertEquals("ooooooooooAA00", cx.contents(), p + ": B's bytes read back as zeros, as on the live kernel");
            assertTrue(cx.steps().contains("A: bio done: zero eof-tail [6144,8192)"), cx.timeline());
        }
    }

    @Test
    void bufferedR4IsSafeOnXfsBecauseAEndingAtEofIsExclusiveDrainedAndWaited() {
        Verdict v = r4Buffered("xfs-dio", 6144);
        assertTrue(v.safe(), () -> v.counterexample().orElseThrow().timeline());
    }

    /**
     * The control of the live run (i_size 8192: A does not end at EOF, no tail zero bio) has no R4-class range anywhere
     * and is SAFE: what goes wrong is the direct/buffered collision the kernel warns about (dio_warn_stale_pagecache,
     * fs/iomap/direct-io.c; open(2): do not mix O_DIRECT and buffered I/O on one file), not the lock decision. A's data
     * bio is in flight when B, exclusive but not draining, reads the page over [4096,8192) for its read-modify-write;
     * A's bio lands, then B's writeback puts B's stale copy of [5120,6144) back over A's bytes. Neither
     * ext4_buffered_write_iter nor xfs_file_buffered_write waits for direct I/O, and iomap_dio_complete's invalidation
     * cannot drop a dirty page; the live run could not show it because its daemon held A's bio back past B's writeback.
     */
    @Test
    void theControlIsSafeApartFromTheCollisionOfBsStaleCopyOfAsPage() {
        for (String p : List.of("ext4-base", "ext4-patch1", "ext4-patch2", "xfs-dio")) {
            Verdict v = r4Buffered(p, 8192);
            assertTrue(v.safe(), () -> p + "\n" + v.counterexample().orElseThrow().timeline());
            assertEquals(List.of(), v.badRangeSets(), p);
            assertEquals("SAFE (apart from a direct/buffered page-cache collision the kernel warns about)", v.headline(), p);
            Counterexample collision = v.collision().orElseThrow();
            assertEquals(List.of("[5120,6144)"), v.collisionRangeSets(), p);
            assertEquals("[5120,6144)", collision.badRangesText(), p);
            assertEquals("ooooooooooooBBoo", collision.contents(), p + ": A's bytes lost to B's copy of the original");
            assertTrue(collision.steps().indexOf("A: bio done: data [5120,6144)")
                    > collision.steps().stream().filter(st -> st.startsWith("B: copy")).map(collision.steps()::indexOf)
                            .findFirst().orElseThrow(), "B copied before A's data landed:\n" + collision.timeline());
        }
    }

    /**
     * The buffered R4 variant keeps its EOF-tail verdict: its bad bytes are B's own [6144,7168), zeroed by A's stale
     * zero bio, a bio outside A's byte range landing after B's writeback — not a stale page copy. Its other final
     * states also lose A's [5120,6144) to B's copy: that part is the collision, reported apart.
     */
    @Test
    void bufferedR4StaysUnsafeOnExt4WithTheCollisionApart() {
        for (String p : EXT4) {
            Verdict v = r4Buffered(p, 6144);
            assertEquals(List.of(R4_CLASS), v.badRangeSets(), p);
            assertEquals(List.of("[5120,6144)"), v.collisionRangeSets(), p);
            assertEquals("UNSAFE", v.word(), p);
        }
        Verdict xfs = r4Buffered("xfs-dio", 6144);
        assertTrue(xfs.safe(), "xfs-dio");
        assertEquals("SAFE", xfs.headline(), "xfs-dio: A is waited, so B never copies under A's bio");
    }

    @Test
    void aBufferedWriteAloneIsSafe() {
        for (String p : List.of("ext4-base", "xfs-dio")) {
            for (Operation b : List.of(Operation.buffered(6144, 1024, true), Operation.buffered(6144, 1024, false),
                    Operation.buffered(0, 512, true), Operation.buffered(8192, 4096, true))) {
                assertTrue(race(p, "W W", 6144, b).safe(), p + " " + b);
                assertTrue(race(p, "H U", 6144, b).safe(), p + " H U " + b);
            }
        }
    }

    /**
     * A sync direct write (A's call returns only after its bios, the tail zero included, completed and it unlocked)
     * racing the same buffered write: B takes the lock before A or after A finished, never in between.
     */
    @Test
    void aBufferedWriteAfterACompletedDirectWriteIsSafe() {
        for (String p : List.of("ext4-base", "ext4-patch1", "ext4-patch2", "xfs-dio")) {
            Verdict v = race(p, "W W", 6144, Operation.dio(5120, 1024), Operation.buffered(6144, 1024, true));
            assertTrue(v.safe(), () -> p + "\n" + v.counterexample().orElseThrow().timeline());
        }
    }

    @Test
    void twoBufferedWritesOfOnePageAreSafe() {
        Verdict v = race("ext4-base", "W W", 6144, Operation.buffered(4096, 1024, true), Operation.buffered(4608, 2048, false));
        assertTrue(v.safe(), () -> v.counterexample().orElseThrow().timeline());
    }

    @Test
    void theOperationParsesWithAndWithoutFsync() throws InvalidInputException {
        assertEquals(Operation.buffered(6144, 1024, true), Operation.parse("buffered 6144+1024 fsync"));
        assertEquals(Operation.buffered(6144, 1024, false), Operation.parse("buffered 6144+1024"));
        assertEquals("buffered 6144+1024 fsync", Operation.parse(" buffered  6144+1024  fsync").toString());
        InvalidInputException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidInputException.class,
                () -> Operation.parse("dio 0+512 fsync"));
        assertTrue(e.getMessage().contains("'buffered OFF+LEN [fsync]'"), e.getMessage());
    }

    @Test
    void sizesTakeTheSuffixesDecideTakes() throws InvalidInputException {
        assertEquals(Operation.buffered(6144, 1024, true), Operation.parse("buffered 6K+1K fsync"));
        assertEquals(Operation.aio(8192, 4096), Operation.parse("aio-dio 8k+4K"));
        assertEquals(Operation.truncate(1L << 20), Operation.parse("truncate 1M"));
        assertEquals(Operation.fallocate(0, 1L << 30), Operation.parse("fallocate 0+1G"));
        InvalidInputException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidInputException.class,
                () -> Operation.parse("dio 4X+1K"));
        assertTrue(e.getMessage().contains("'4X+1K' is not OFF+LEN in bytes (digits, or 4K, 1M ...)"), e.getMessage());
    }

    /**
     * Debian's 6.12.117 ext4 drains direct I/O at the top of every buffered write (ext4-buffered-bh-dio-wait): the
     * buffered write cannot copy until A's zero bio has landed, so R4's buffered variant is SAFE there; live in a Debian
     * 6.12 guest it stayed INTACT 3 of 3 along ext4-base's counterexample, the buffered write returning only when the
     * held zero bio was let go. R4 itself (two direct writes) is untouched by it.
     */
    @Test
    void aBufferedPathThatDrainsDirectIoMakesBufferedR4Safe() throws InvalidInputException {
        Inode inode = Inode.builder(Layout.parse("W W")).size(6144).build();
        var drains = PolicyCatalog.builtIn("ext4-buffered-bh-dio-wait");
        for (String p : EXT4) {
            Verdict v = Race.explore(PolicyCatalog.builtIn(p), drains, inode,
                    List.of(Operation.aio(5120, 1024), Operation.buffered(6144, 1024, true)), Exploration.FULL);
            assertTrue(v.safe(), p + ": " + v.counterexample().map(Counterexample::timeline).orElse(""));
        }
        Verdict r4 = Race.explore(PolicyCatalog.builtIn("ext4-base"), drains, inode,
                List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096)), Exploration.FULL);
        assertTrue(!r4.safe());
    }

    @Test
    void aBufferedPolicyOfAnotherFileSystemIsRefused() throws InvalidInputException {
        Inode inode = Inode.builder(Layout.parse("W W")).size(6144).build();
        org.junit.jupiter.api.Assertions.assertThrows(UnsupportedOperationException.class, () -> Race.explore(
                PolicyCatalog.builtIn("xfs-dio"), PolicyCatalog.builtIn("ext4-buffered-bh-dio-wait"), inode,
                List.of(Operation.aio(5120, 1024)), Exploration.FULL));
    }
}

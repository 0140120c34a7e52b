package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.MapType;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * The seeds' own statements (the kernel patch mails in {@code reference/seeds/}, read at authoring time) as
 * tests. Each test names the seed file and quotes the sentence it checks; the expected values are what the
 * sentence says, not what the engine computes. All inputs use the spec's defaults: 4 KiB blocks, 512-byte
 * sectors, {@code i_size} = the end of the layout, {@code IS_NOSEC}, synchronous O_DIRECT {@code pwrite}; offsets
 * and lengths are multiples of 512 so that no write is refused for sector misalignment (spec §3.1).
 */
class SeedClaimsTest {

    static Decision decide(String policy, String layout, long pos, long len) throws InvalidInputException {
        return decide(policy, layout, pos, len, r -> r);
    }

    static Decision decide(String policy, String layout, long pos, long len, UnaryOperator<WriteRequest.Builder> flags)
            throws InvalidInputException {
        Inode inode = Inode.builder(Layout.parse(layout)).build();
        return PolicyCatalog.get(policy).decide(inode, flags.apply(WriteRequest.builder(pos, len)).build());
    }

    static Decision decide(String policy, Inode inode, long pos, long len, UnaryOperator<WriteRequest.Builder> flags)
            throws InvalidInputException {
        return PolicyCatalog.get(policy).decide(inode, flags.apply(WriteRequest.builder(pos, len)).build());
    }

    /** Shared from the first acquisition to submission, no retry, no drain. */
    static void assertSharedThroughout(Decision d) {
        assertAll(d.policy() + " should run shared: " + d.trace(),
                () -> assertEquals(Result.OK, d.result()),
                () -> assertEquals(Lock.SHARED, d.initialLock()),
                () -> assertEquals(Lock.SHARED, d.finalLock()),
                () -> assertEquals(List.of(LockOp.SHARED), d.lockPath()),
                () -> assertEquals(Retry.NONE, d.retry()),
                () -> assertFalse(d.drain()),
                () -> assertFalse(d.forceWait()));
    }

    static void assertExclusiveAtSubmission(Decision d) {
        assertAll(d.policy() + " should submit under the exclusive lock: " + d.trace(),
                () -> assertEquals(Result.OK, d.result()),
                () -> assertEquals(Lock.EXCLUSIVE, d.finalLock()));
    }

    /** The lock decision without the trace and the iomap phase. */
    static String lockFields(Decision d) {
        return d.result() + " " + d.lockPathText() + " retry=" + d.retry() + " drain=" + d.drainReason()
                + " forceWait=" + d.forceWait() + " nowait=" + d.nowait() + " lookups=" + d.lookups();
    }

    // ------------------------------------------------------------------------------------------------
    // seeds/000_cdc48bc5817f773e.txt — Baokun Li, "[PATCH 0/2] ext4: allow more DIO writes under shared i_rwsem"
    // ------------------------------------------------------------------------------------------------

    @Nested
    @DisplayName("seed 000 (Baokun Li): ext4-base, ext4-patch1, ext4-patch2")
    class BaokunLi {

        // 000, cover letter: "forces the exclusive lock for two cases that are actually safe under the shared lock:
        //   1. Aligned writes spanning multiple already-allocated extents (e.g. written + unwritten, or two
        //      discontiguous written extents)."
        // "Patch 1 skips the ext4_overwrite_io() pre-check entirely for aligned non-extending writes, letting them
        //  proceed under the shared lock regardless of extent state."
        @ParameterizedTest(name = "layout \"{0}\", pos {1}, len {2}")
        @CsvSource(delimiter = ';', value = {
                "W U U W;     0;     8192",   // written + unwritten
                "W|W W W;     0;     8192",   // two discontiguous written extents
                "U|U U;       0;     8192",   // two discontiguous unwritten extents
                "W U|U W|W;   0;     20480"   // five blocks over four records
        })
        @DisplayName("case 1: aligned writes over several allocated extents: exclusive on base, shared on patch1 and patch2")
        void case1AlignedMultiExtent(String layout, long pos, long len) throws Exception {
            assertExclusiveAtSubmission(decide("ext4-base", layout, pos, len));
            assertSharedThroughout(decide("ext4-patch1", layout, pos, len));
            assertSharedThroughout(decide("ext4-patch2", layout, pos, len));
        }

        // 000, cover letter: "2. Unaligned writes whose head/tail partial blocks land on written extents but the
        //   fully-covered middle blocks include hole or unwritten extents."
        // "Patch 2 replaces ext4_overwrite_io() with ext4_dio_needs_zeroing() ... and ignores the state of middle blocks."
        @ParameterizedTest(name = "layout \"{0}\", pos {1}, len {2}")
        @CsvSource(delimiter = ';', value = {
                "W U U W;       512;   14336",   // unwritten middle (test 2's stripe)
                "W H H W;       512;   14336",   // hole middle
                "W U H W;       1024;  13312",   // both in the middle
                "W|W H U|U W;   2048;  18944"    // discontiguous written head, mixed middle
        })
        @DisplayName("case 2: unaligned writes with written partial blocks and a hole/unwritten middle: exclusive on base and patch1, shared on patch2")
        void case2UnalignedWrittenEnds(String layout, long pos, long len) throws Exception {
            assertExclusiveAtSubmission(decide("ext4-base", layout, pos, len));
            assertExclusiveAtSubmission(decide("ext4-patch1", layout, pos, len));
            assertSharedThroughout(decide("ext4-patch2", layout, pos, len));
        }

        // 000, cover letter: "Test 1: aligned 8K DIO writes spanning written+unwritten extent boundaries."
        // and its table (JOBS 32: base 60,860, +patch 1 117,244, +patch 1+2 119,621): patch 1 relaxes test 1.
        @Test
        @DisplayName("test 1 (aligned 8K across a [W][U] boundary): patch 1 makes it shared, patch 2 keeps it shared")
        void test1Shape() throws Exception {
            String stripe = "W U U W";
            Decision base = decide("ext4-base", stripe, 0, 8192);
            assertExclusiveAtSubmission(base);
            assertEquals(Lock.SHARED, base.initialLock(), "base starts shared (non-extending) and upgrades");
            assertEquals(Retry.CHECKS_RESTART, base.retry());
            assertFalse(base.drain(), "an aligned write needs no drain even on base");
            assertSharedThroughout(decide("ext4-patch1", stripe, 0, 8192));
            assertSharedThroughout(decide("ext4-patch2", stripe, 0, 8192));
            // the same shape repeated across the region: every 8K write at a written/unwritten boundary
            String region = "W U|W U|W U|W U";
            for (long pos = 0; pos < 8 * 4096; pos += 8192) {
                assertExclusiveAtSubmission(decide("ext4-base", region, pos, 8192));
                assertSharedThroughout(decide("ext4-patch1", region, pos, 8192));
            }
        }

        // 000, cover letter: "Test 2: unaligned DIO writes (14336 bytes at +512 within each 16K stripe). Each
        // stripe is laid out as [written][unwritten][unwritten] [written], so the head and tail partial blocks land
        // on written extents but the middle is unwritten."
        // "In test 2, patch 1 alone has no effect (slight noise) because patch 1 only touches the aligned write path.
        //  Patch 2 introduces ext4_dio_needs_zeroing() which precisely identifies when partial block zeroing is
        //  required, allowing the shared lock ..."
        @Test
        @DisplayName("test 2 (14336 bytes at +512 in a [W][U][U][W] stripe): patch 1 changes nothing, patch 2 makes it shared")
        void test2Shape() throws Exception {
            String stripes = "W U U W W U U W W U U W";
            for (long stripe = 0; stripe < 3; stripe++) {
                long pos = stripe * 16384 + 512;
                Decision base = decide("ext4-base", stripes, pos, 14336);
                Decision patch1 = decide("ext4-patch1", stripes, pos, 14336);
                assertExclusiveAtSubmission(base);
                assertEquals(lockFields(base), lockFields(patch1), "patch 1 alone has no effect on test 2");
                Decision patch2 = decide("ext4-patch2", stripes, pos, 14336);
                assertSharedThroughout(patch2);
                assertTrue(patch2.zeroRanges().isEmpty(), "no partial-block zeroing: " + patch2.zeroRanges());
            }
        }

        // 000, patch 2/2: "This enables shared lock for previously-rejected scenarios such as:
        //  - Unaligned write spanning written extent + mid-range hole + written extent at the tail."
        @Test
        @DisplayName("patch 2: unaligned write over written + mid-range hole + written tail is shared")
        void patch2HoleInTheMiddle() throws Exception {
            assertSharedThroughout(decide("ext4-patch2", "W H H W", 512, 14336));
            assertSharedThroughout(decide("ext4-patch2", "W W H*6 W W", 6144, 30208));
            assertExclusiveAtSubmission(decide("ext4-patch1", "W H H W", 512, 14336));
        }

        // 000, patch 2/2: "exclusive lock is only required when partial block zeroing will actually happen:
        //  - The head partial block (if any) lands on a hole or unwritten extent.
        //  - The tail partial block (if any) lands on a hole or unwritten extent."
        @ParameterizedTest(name = "layout \"{0}\", pos {1}, len {2}")
        @CsvSource(delimiter = ';', value = {
                "U W W W;   512;   14336",   // head partial block unwritten
                "W W W U;   512;   14336",   // tail partial block unwritten
                "H W W W;   512;   14336",   // head partial block in a hole
                "W W H W;   5120;  5120"     // tail partial block in a hole
        })
        @DisplayName("patch 2: a hole or unwritten partial block still takes the exclusive lock and drains")
        void patch2PartialBlockNeedsZeroing(String layout, long pos, long len) throws Exception {
            Decision d = decide("ext4-patch2", layout, pos, len);
            assertExclusiveAtSubmission(d);
            assertEquals(DrainReason.UNALIGNED, d.drainReason(), "patch 2: \"upgrade to the exclusive lock and drain in-flight DIO\"");
            assertTrue(d.forceWait());
        }

        // 000, cover letter: "It checks only the head and tail partial blocks (at most two ext4_map_blocks() calls)";
        // patch 2/2: "one for the head partial block (also catching the case where it spans through the tail), and
        // one for the tail partial block if not already covered."
        @ParameterizedTest(name = "layout \"{0}\", pos {1}, len {2}: {3} lookups")
        @CsvSource(delimiter = ';', value = {
                "W U U W;        512;    14336;  2",   // head record ends at block 0: tail looked up too
                "W H H W;        512;    14336;  2",
                "W W W W;        512;    14336;  1",   // head record spans through the tail block
                "W*64;           512;    199680; 1",
                "W|W W W;        512;    14336;  2",   // discontiguous: the head record stops at block 0
                "W U*62 W;       3584;   254976; 2",
                "W W W W;        4096;   5120;   1",   // only a tail partial block
                "W W W W;        1024;   7168;   1"    // only a head partial block
        })
        @DisplayName("patch 2: ext4_dio_needs_zeroing makes at most two lookups on a shared decision")
        void patch2AtMostTwoLookups(String layout, long pos, long len, int expectedLookups) throws Exception {
            Decision d = decide("ext4-patch2", layout, pos, len);
            assertSharedThroughout(d);
            assertTrue(d.lookups() <= 2, "lookups " + d.lookups());
            assertEquals(expectedLookups, d.lookups());
        }

        // 000, patch 1/2: "Skip the ext4_overwrite_io() check entirely for aligned writes by initializing overwrite to
        // true and only calling ext4_overwrite_io() for unaligned writes."
        @Test
        @DisplayName("patch 1: aligned writes make no extent lookup at all")
        void patch1AlignedNoLookup() throws Exception {
            assertEquals(0, decide("ext4-patch1", "W U U W", 0, 8192).lookups());
            assertEquals(0, decide("ext4-patch1", "W H H W", 4096, 8192).lookups());
        }

        // 000, patch 1/2 comment: "2. If the write extends i_size or i_disksize, upgrade to the exclusive lock to
        // safely update i_disksize and the orphan list, regardless of alignment."
        @Test
        @DisplayName("patch 1 and 2: extending writes stay exclusive, aligned or not")
        void extendingStaysExclusive() throws Exception {
            for (String policy : List.of("ext4-patch1", "ext4-patch2")) {
                assertExclusiveAtSubmission(decide(policy, "W W", 4096, 8192));
                assertExclusiveAtSubmission(decide(policy, "W W", 5120, 8192));
            }
        }
    }

    // ------------------------------------------------------------------------------------------------
    // seeds/004_e1c1f6cebe9c2753.txt — Dave Chinner / Christoph Hellwig, "[PATCH 11/11] xfs: reduce exclusive
    // locking on unaligned dio". xfs-dio is the patched kernel (v5.12+), xfs-dio-v5.11 the one before.
    // ------------------------------------------------------------------------------------------------

    @Nested
    @DisplayName("seed 004 (Chinner): xfs-dio vs xfs-dio-v5.11")
    class Chinner {

        // 004: "Attempt shared locking for unaligned DIO, but only if the the underlying extent is already allocated
        // and in written state. On failure, retry with the existing exclusive locking."
        @Test
        @DisplayName("unaligned DIO into one written extent: shared on xfs-dio, exclusive on xfs-dio-v5.11")
        void unalignedIntoWrittenExtent() throws Exception {
            assertSharedThroughout(decide("xfs-dio", "W*8", 4608, 512));
            assertSharedThroughout(decide("xfs-dio", "W*8", 1024, 9216));
            Decision old = decide("xfs-dio-v5.11", "W*8", 4608, 512);
            assertEquals(List.of(LockOp.EXCLUSIVE), old.lockPath(), "the existing exclusive locking");
            assertEquals(DrainReason.UNALIGNED, old.drainReason());
            assertTrue(old.forceWait());
        }

        @ParameterizedTest(name = "layout \"{0}\", pos {1}, len {2}")
        @CsvSource(delimiter = ';', value = {
                "U*8;          4608;  512",    // unwritten: not "in written state"
                "W H W W W W;  4608;  512",    // hole: not "already allocated"
                "W|W W W W W;  3584;  1024",   // two records: no single map spans the range
                "W U W W W W;  1024;  9216"    // written, then unwritten
        })
        @DisplayName("on failure xfs-dio retries with the exclusive locking: drain and FORCE_WAIT")
        void failureRetriesExclusive(String layout, long pos, long len) throws Exception {
            Decision d = decide("xfs-dio", layout, pos, len);
            assertEquals(Result.OK, d.result());
            assertEquals(Lock.SHARED, d.initialLock(), "the shared attempt comes first");
            assertEquals(List.of(LockOp.SHARED, LockOp.UNLOCK, LockOp.EXCLUSIVE), d.lockPath());
            assertEquals(Retry.DIO_EAGAIN_RETRY, d.retry());
            assertEquals(Lock.EXCLUSIVE, d.finalLock());
            assertEquals(DrainReason.UNALIGNED, d.drainReason());
            assertTrue(d.forceWait());
        }

        // 004: "Extending writes need exclusivity because of the sub-block zeroing that the DIO code always does for
        // partial tail blocks beyond EOF." — "if (iocb->ki_pos > isize || iocb->ki_pos + count >= isize) {"
        @ParameterizedTest(name = "pos {0}, len {1} on W*4 (i_size 16384)")
        @CsvSource({
                "15872, 512",    // ends exactly at EOF
                "14848, 2048",   // straddles EOF
                "16896, 512",    // starts beyond EOF
                "19968, 512"     // starts in a later block beyond EOF
        })
        @DisplayName("an unaligned write ending at or beyond EOF is exclusive from the start, drained, FORCE_WAIT")
        void extendingUnalignedIsExclusive(long pos, long len) throws Exception {
            Decision d = decide("xfs-dio", "W*4", pos, len);
            assertEquals(Result.OK, d.result());
            assertEquals(Lock.EXCLUSIVE, d.initialLock(), "no shared attempt");
            assertEquals(Lock.EXCLUSIVE, d.finalLock());
            assertEquals(Retry.NONE, d.retry());
            assertTrue(d.drain(), "drained");
            assertTrue(d.forceWait(), "IOMAP_DIO_FORCE_WAIT");
        }

        // 004, same branch: "if (iocb->ki_flags & IOCB_NOWAIT) return -EAGAIN;" before xfs_ilock_iocb.
        @Test
        @DisplayName("NOWAIT: an unaligned write ending at EOF is EAGAIN before locking on xfs-dio")
        void nowaitExtendingIsEagain() throws Exception {
            Decision d = decide("xfs-dio", "W*4", 15872, 512, r -> r.nowait(true));
            assertEquals(Result.EAGAIN, d.result());
            assertEquals(Lock.NONE, d.initialLock());
            assertEquals(NowaitOutcome.EAGAIN, d.nowait());
        }

        // 004, removed lines: "-	/* unaligned dio always waits, bail */ -	if (iocb->ki_flags & IOCB_NOWAIT)
        // -		return -EAGAIN;" and "-This means that unaligned dio writes always block. There is no "nowait" fast
        // path in this code - if IOCB_NOWAIT is set we simply return -EAGAIN up front"
        @Test
        @DisplayName("NOWAIT: unaligned is EAGAIN up front on xfs-dio-v5.11, proceeds shared on xfs-dio for a written extent")
        void nowaitUnaligned() throws Exception {
            Decision old = decide("xfs-dio-v5.11", "W*8", 4608, 512, r -> r.nowait(true));
            assertEquals(Result.EAGAIN, old.result());
            assertEquals(Lock.NONE, old.initialLock(), "up front: before any lock");
            assertEquals(NowaitOutcome.EAGAIN, old.nowait());

            Decision patched = decide("xfs-dio", "W*8", 4608, 512, r -> r.nowait(true));
            assertSharedThroughout(patched);
            assertEquals(NowaitOutcome.PROCEEDS, patched.nowait());
        }

        // 004: "If we are doing nonblocking user IO, propagate the error." (the -EAGAIN of the shared attempt)
        @Test
        @DisplayName("NOWAIT: a failed shared attempt is returned as EAGAIN, not retried")
        void nowaitFailedAttempt() throws Exception {
            Decision d = decide("xfs-dio", "U*8", 4608, 512, r -> r.nowait(true));
            assertEquals(Result.EAGAIN, d.result());
            assertEquals(Retry.NONE, d.retry());
            assertFalse(d.lockPath().contains(LockOp.EXCLUSIVE));
        }

        // 004: "Test case is fio randrw of 512 byte IOs using AIO and an iodepth of 32 IOs." On a preallocated,
        // written file every such write is a sub-block write inside a written block.
        @Test
        @DisplayName("fio randrw 512-byte AIO writes inside written blocks: shared on xfs-dio, exclusive on xfs-dio-v5.11")
        void randrw512() throws Exception {
            Inode file = Inode.builder(Layout.parse("W*256")).build(); // 1 MiB, all written
            for (long pos = 0; pos < 1024 * 1024 - 512; pos += 512 * 37) {
                Decision patched = decide("xfs-dio", file, pos, 512, r -> r.async(true));
                assertSharedThroughout(patched);
                assertEquals(Completion.QUEUED, patched.completion(), "AIO under the shared lock is queued");
                assertTrue(patched.zeroRanges().isEmpty());

                Decision old = decide("xfs-dio-v5.11", file, pos, 512, r -> r.async(true));
                assertEquals(List.of(LockOp.EXCLUSIVE), old.lockPath());
                assertTrue(old.drain());
                assertTrue(old.forceWait());
                assertEquals(Completion.WAITED, old.completion(), "FORCE_WAIT: the AIO is waited for under the lock");
            }
        }
    }

    // ------------------------------------------------------------------------------------------------
    // seeds/001_4b2718e110802c1c.txt — Jan Kara, "[PATCH] ext4: Optimize ext4 DIO overwrites" (policy
    // ext4-2019-overwrite)
    // ------------------------------------------------------------------------------------------------

    @Nested
    @DisplayName("seed 001 (Jan Kara): ext4-2019-overwrite")
    class JanKara {

        // 001: "Use iomap operations that avoid starting a transaction for direct IO overwrites." and the diff:
        // "if (!unaligned_aio && ext4_overwrite_io(inode, offset, count) && ext4_should_dioread_nolock(inode)) {
        //  overwrite = true; iomap_ops = &ext4_iomap_overwrite_ops; downgrade_write(&inode->i_rwsem);"
        // The benchmark: "rw=randrw ... bs=4k ... ioengine=psync direct=1" over preallocated (written) files.
        @Test
        @DisplayName("a 4k overwrite of written blocks under dioread_nolock is downgraded to shared and maps without a transaction")
        void writtenOverwriteDowngrades() throws Exception {
            for (long pos = 0; pos < 16 * 4096; pos += 3 * 4096) {
                Decision d = decide("ext4-2019-overwrite", "W*16", pos, 4096);
                assertEquals(Result.OK, d.result());
                assertEquals(List.of(LockOp.EXCLUSIVE, LockOp.DOWNGRADE), d.lockPath());
                assertEquals(Lock.SHARED, d.finalLock());
                assertNoMapBlocks(d);
                assertFalse(d.segments().isEmpty());
                for (Segment s : d.segments()) {
                    // ext4_iomap_overwrite_begin: "WARN_ON_ONCE(iomap->type != IOMAP_MAPPED)"
                    assertEquals(MapType.MAPPED, s.type(), s.toString());
                    assertFalse(s.transaction(), s.toString());
                }
            }
        }

        // 001: "&& ext4_should_dioread_nolock(inode)" — without it there is no downgrade and no overwrite ops.
        @Test
        @DisplayName("without dioread_nolock the overwrite keeps the exclusive lock and starts handles")
        void noDioreadNolock() throws Exception {
            Inode inode = Inode.builder(Layout.parse("W*16")).dioreadNolock(false).build();
            Decision d = decide("ext4-2019-overwrite", inode, 4096, 4096, r -> r);
            assertEquals(List.of(LockOp.EXCLUSIVE), d.lockPath());
            assertEquals(Lock.EXCLUSIVE, d.finalLock());
            assertTrue(hasMapBlocks(d), "transactions " + d.transactions());
        }

        // 001: "Currently we start transaction for mapping every extent for writing using direct IO. This is
        // unnecessary when we know we are overwriting already allocated blocks" — ext4_overwrite_io (v5.5) only
        // accepts written blocks, so a write into an unwritten extent keeps the old path.
        @Test
        @DisplayName("a write into an unwritten extent keeps the exclusive lock and starts journal handles")
        void unwrittenKeepsExclusive() throws Exception {
            Decision d = decide("ext4-2019-overwrite", "U*16", 4096, 8192);
            assertEquals(Result.OK, d.result());
            assertEquals(List.of(LockOp.EXCLUSIVE), d.lockPath());
            assertEquals(Lock.EXCLUSIVE, d.finalLock());
            assertTrue(hasMapBlocks(d), "transactions " + d.transactions());
            assertTrue(d.segments().stream().allMatch(Segment::transaction), "every segment starts a handle: " + d.segments());
        }

        private void assertNoMapBlocks(Decision d) {
            assertFalse(hasMapBlocks(d), "no M code expected in " + d.transactions());
        }

        private boolean hasMapBlocks(Decision d) {
            return d.transactions().stream().map(Tx::kind).anyMatch(k -> k == TxKind.MAP_BLOCKS);
        }
    }

    // ------------------------------------------------------------------------------------------------
    // seeds/002_8cd9365cfb5dadb1.txt — Ojaswin Mujoo, "[RFC PATCH v4 00/13] Add RWF_WRITETHROUGH support to
    // iomap & xfs" (policies xfs-writethrough-noserial and xfs-buffered)
    // ------------------------------------------------------------------------------------------------

    @Nested
    @DisplayName("seed 002 (writethrough RFC): xfs-writethrough-noserial vs xfs-buffered")
    class Writethrough {

        private static final UnaryOperator<WriteRequest.Builder> BUFFERED = r -> r.direct(false);
        private static final UnaryOperator<WriteRequest.Builder> WRITETHROUGH_NOSERIAL =
                r -> r.direct(false).writethrough(true).noserial(true);

        // 002: "With c), the NOSERIAL flag allows us to do writes under a shared lock if possible." and
        // "since buffered IO has an exclusive lock in write, this hurt massively."
        // Table 2: "Random pure overwrites (libaio + O_DSYNC) - All writers on single file".
        @Test
        @DisplayName("a non-extending overwrite with RWF_WRITETHROUGH|RWF_NOSERIAL runs shared; plain buffered is exclusive")
        void noserialOverwriteIsShared() throws Exception {
            for (long pos = 0; pos < 15 * 4096; pos += 5 * 4096) {
                assertSharedThroughout(decide("xfs-writethrough-noserial", "W*16", pos, 4096, WRITETHROUGH_NOSERIAL));
                assertSharedThroughout(decide("xfs-writethrough-noserial", "W*16", pos, 4096,
                        r -> WRITETHROUGH_NOSERIAL.apply(r).async(true).dsync(true)));

                Decision buffered = decide("xfs-buffered", "W*16", pos, 4096, BUFFERED);
                assertEquals(Result.OK, buffered.result());
                assertEquals(List.of(LockOp.EXCLUSIVE), buffered.lockPath());
                assertEquals(Lock.EXCLUSIVE, buffered.finalLock());
            }
        }

        // 002: "NOSERIAL can be passed by user and isn't default on with writethrough. It needs to be explicitly passed"
        @Test
        @DisplayName("RWF_WRITETHROUGH without RWF_NOSERIAL stays exclusive")
        void writethroughAloneIsExclusive() throws Exception {
            Decision d = decide("xfs-writethrough-noserial", "W*16", 4096, 4096, r -> r.direct(false).writethrough(true));
            assertEquals(Result.OK, d.result());
            assertEquals(List.of(LockOp.EXCLUSIVE), d.lockPath());
            assertEquals(Lock.EXCLUSIVE, d.finalLock());
        }

        // 002: "Based on previous discussions we've kept the RWF_NOSERIAL flag serparate to RWF_WRITETHROUGH but, for
        // now, it is only supported with RWF_WRITETHROUGH."
        @Test
        @DisplayName("RWF_NOSERIAL without RWF_WRITETHROUGH is not supported")
        void noserialAloneIsRefused() throws Exception {
            Decision d = decide("xfs-writethrough-noserial", "W*16", 4096, 4096, r -> r.direct(false).noserial(true));
            assertEquals(Result.EOPNOTSUPP, d.result());
            assertEquals(Lock.NONE, d.initialLock());
        }
    }

    // ------------------------------------------------------------------------------------------------
    // seeds/003_98f30626f3ee06ee.txt — Zhang Yi, "[PATCH -next v5 00/32] ext4: use iomap for regular file's
    // buffered I/O path". The cover letter changes only "The lock ordering of folio lock and transaction start"
    // and names no i_rwsem change; spec §5.10 / §5.11 give the consequence: both paths take inode_lock
    // exclusive and refuse IOCB_NOWAIT with -EOPNOTSUPP.
    // ------------------------------------------------------------------------------------------------

    @Nested
    @DisplayName("seed 003 (ext4 buffered iomap): ext4-buffered-bh and ext4-buffered-iomap")
    class Ext4Buffered {
        @ParameterizedTest(name = "{0}")
        @CsvSource({"ext4-buffered-bh", "ext4-buffered-iomap"})
        @DisplayName("buffered writes are exclusive")
        void exclusive(String policy) throws Exception {
            for (long[] w : new long[][] {{0, 4096}, {512, 100}, {16384, 4096}, {40000, 1}}) {
                Decision d = decide(policy, "W U H W", w[0], w[1], r -> r.direct(false));
                assertEquals(Result.OK, d.result());
                assertEquals(List.of(LockOp.EXCLUSIVE), d.lockPath());
                assertEquals(Lock.EXCLUSIVE, d.finalLock());
                assertFalse(d.drain());
            }
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource({"ext4-buffered-bh", "ext4-buffered-iomap"})
        @DisplayName("NOWAIT buffered writes are refused with EOPNOTSUPP before locking")
        void nowaitRefused(String policy) throws Exception {
            Decision d = decide(policy, "W U H W", 4096, 4096, r -> r.direct(false).nowait(true));
            assertEquals(Result.EOPNOTSUPP, d.result());
            assertEquals(Lock.NONE, d.initialLock());
            assertTrue(d.lockPath().isEmpty());
            assertEquals(NowaitOutcome.NOT_APPLICABLE, d.nowait());
        }
    }
}

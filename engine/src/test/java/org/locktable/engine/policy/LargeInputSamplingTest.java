package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.ZeroKind;
import org.locktable.engine.decision.ZeroRange;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * Seeded random sampling of large inputs — offsets near 2^62, 64 KiB blocks, million-block layouts, random record
 * mixes, random flags — checking that every policy returns a self-consistent {@link Decision} and never throws.
 *
 * <p>The seed comes from the system property {@code locktable.seed} (decimal or 0x-hex), else {@link #DEFAULT_SEED};
 * the sample count from {@code locktable.samples}.
 * A failure names the seed, the sample, the inputs and the command that reruns exactly this sequence.
 */
class LargeInputSamplingTest {
    static final long DEFAULT_SEED = 0x5EED_10C7AB1EL;
    /** Samples per run: 2500 keeps the test near a second; {@code -Dlocktable.samples=N} runs a longer hunt. */
    static final int SAMPLES = Integer.getInteger("locktable.samples", 2500);

    private static final long MAX_END = WriteRequest.MAX_END;
    private static final Layout MILLION_WRITTEN = parse("W*1000000");
    private static final Layout MILLION_MIXED = parse("W*1000000 U*3 H*7 W|W D*1000 U*500000");

    private static Layout parse(String notation) {
        try {
            return Layout.parse(notation);
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One generated input, with a readable description of how it was made. */
    record Sample(int index, Inode inode, WriteRequest request, String how) {
    }

    @Test
    @DisplayName("random large inputs: every policy decides, and every decision is self-consistent")
    void randomLargeInputs() throws Exception {
        long seed = seed();
        System.out.println("LargeInputSamplingTest: seed " + seed + " (" + SAMPLES + " samples); rerun with: " + rerun(seed));
        Random rnd = new Random(seed);
        Coverage coverage = new Coverage();
        long start = System.nanoTime();
        for (int i = 0; i < SAMPLES; i++) {
            Sample s = sample(rnd, i);
            coverage.count(s);
            for (Policy p : PolicyCatalog.all()) {
                Decision full;
                Decision lock;
                try {
                    full = p.decide(s.inode(), s.request());
                    lock = p.decide(s.inode(), s.request(), Detail.LOCK);
                } catch (Throwable t) {
                    throw new AssertionError(report(seed, s, p, List.of("threw " + t), null), t);
                }
                List<String> problems = new ArrayList<>();
                check(p, s, full, problems);
                checkLockDetail(full, lock, problems);
                if (!problems.isEmpty()) {
                    fail(report(seed, s, p, problems, full));
                }
                coverage.count(full);
            }
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("LargeInputSamplingTest: " + SAMPLES + " samples x " + PolicyCatalog.all().size()
                + " policies in " + millis + " ms; " + coverage);
        coverage.assertReached(seed);
    }

    // ---- the seed

    static long seed() {
        String property = System.getProperty("locktable.seed");
        if (property == null || property.isBlank()) {
            return DEFAULT_SEED;
        }
        try {
            return Long.decode(property.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-Dlocktable.seed=" + property + " is not a long (decimal or 0x-hex)", e);
        }
    }

    static String rerun(long seed) {
        return "mvn -pl engine test -Dtest=LargeInputSamplingTest -Dlocktable.seed=" + seed;
    }

    private static String report(long seed, Sample s, Policy p, List<String> problems, Decision d) {
        String inode = s.inode().toString();
        if (inode.length() > 4000) {
            inode = inode.substring(0, 4000) + "... (" + inode.length() + " chars; the seed reproduces it)";
        }
        StringBuilder m = new StringBuilder()
                .append("policy ").append(p.id()).append(", sample ").append(s.index()).append(" of seed ").append(seed)
                .append("\n  rerun: ").append(rerun(seed))
                .append("\n  request: ").append(s.request())
                .append("\n  inode: ").append(inode)
                .append(" blockSize=").append(s.inode().blockSize()).append(" dma=").append(s.inode().dmaAlignment())
                .append(" dioreadNolock=").append(s.inode().dioreadNolock()).append(" dioSupported=").append(s.inode().dioSupported())
                .append("\n  generated: ").append(s.how())
                .append("\n  problems:\n    ").append(String.join("\n    ", problems));
        if (d != null) {
            m.append("\n  decision: ").append(d.result()).append(' ').append(d.lockPathText()).append(" retry=").append(d.retry())
                    .append(" drain=").append(d.drainReason()).append(" forceWait=").append(d.forceWait())
                    .append(" nowait=").append(d.nowait()).append(" completion=").append(d.completion())
                    .append("\n  segments: ").append(d.segments()).append("\n  zero ranges: ").append(d.zeroRanges())
                    .append("\n  trace:\n    ").append(String.join("\n    ", d.trace()));
        }
        return m.toString();
    }

    // ---- generation

    private static final int[] BLOCK_SIZES = {512, 1024, 4096, 4096, 65536, 65536, 65536};

    static Sample sample(Random rnd, int index) throws InvalidInputException {
        StringBuilder how = new StringBuilder();
        int bs = BLOCK_SIZES[rnd.nextInt(BLOCK_SIZES.length)];
        int lbs = 512 << rnd.nextInt(Integer.numberOfTrailingZeros(bs) - 8); // 512 .. bs
        Layout layout = layout(rnd, bs, how);
        long layoutBytes = layout.blocks() * bs;

        long pos = offset(rnd, bs, layout, layoutBytes, how);
        long len = length(rnd, bs, how);
        if (pos > MAX_END - len) {
            len = Math.max(1, MAX_END - pos);
            how.append(" len clipped to ").append(len);
        }
        long end = pos + len;

        long size;
        switch (rnd.nextInt(6)) {
            case 0, 1 -> size = -1; // the default: the layout end
            case 2 -> size = clamp(pos + rnd.nextInt(3) - 1);
            case 3 -> size = clamp(end + rnd.nextInt(3) - 1);
            case 4 -> size = clamp(end + (long) rnd.nextInt(1 << 20));
            default -> size = clamp((long) (rnd.nextDouble() * Math.max(1, layoutBytes)));
        }
        Inode.Builder ib = Inode.builder(layout).blockSize(bs).logicalBlockSize(lbs)
                .nosec(rnd.nextInt(10) > 0).dioreadNolock(rnd.nextInt(5) > 0).dioSupported(rnd.nextInt(12) > 0);
        if (size >= 0) {
            ib.size(size);
        }
        if (rnd.nextInt(4) == 0) {
            ib.dmaAlignment(512 << rnd.nextInt(4));
        }
        Inode probe = ib.build();
        if (rnd.nextInt(4) == 0) {
            ib.diskSize((long) (rnd.nextDouble() * probe.size()));
        }
        Inode inode = ib.build();

        WriteRequest.Builder rb = WriteRequest.builder(pos, len)
                .direct(rnd.nextInt(10) < 7).async(rnd.nextInt(3) == 0).nowait(rnd.nextInt(4) == 0)
                .dsync(rnd.nextInt(5) == 0).writethrough(rnd.nextInt(4) == 0).noserial(rnd.nextInt(4) == 0);
        if (rnd.nextInt(4) == 0) {
            rb.bufferAlignment(1L << rnd.nextInt(17));
        }
        return new Sample(index, inode, rb.build(), how.toString());
    }

    private static long clamp(long size) {
        return Math.max(0, Math.min(size, MAX_END));
    }

    private static Layout layout(Random rnd, int bs, StringBuilder how) throws InvalidInputException {
        switch (rnd.nextInt(5)) {
            case 0:
                how.append("layout W*1000000");
                return MILLION_WRITTEN;
            case 1:
                how.append("layout W*1000000 U*3 H*7 W|W D*1000 U*500000");
                return MILLION_MIXED;
            case 2: {
                // a small map moved towards the top of the modelled range: offsets near 2^62 with 64 KiB blocks
                long shift = Layout.MAX_BLOCKS - 64 - rnd.nextInt(1 << 16);
                how.append("layout W U|U D H W*40 shifted by ").append(shift);
                return parse("W U|U D H W*40").shiftedBy(shift);
            }
            default: {
                int records = 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 3000);
                Layout.Builder b = Layout.builder();
                long at = rnd.nextBoolean() ? 0 : (long) rnd.nextInt(1 << 20);
                for (int k = 0; k < records; k++) {
                    long length = 1 + (rnd.nextInt(4) == 0 ? rnd.nextInt(1 << 20) : rnd.nextInt(64));
                    BlockState state = switch (rnd.nextInt(7)) {
                        case 0, 1, 2 -> BlockState.WRITTEN;
                        case 3, 4 -> BlockState.UNWRITTEN;
                        case 5 -> BlockState.DELALLOC;
                        default -> BlockState.HOLE;
                    };
                    if (rnd.nextBoolean()) {
                        b.separateRecord(at, length, state);
                    } else {
                        b.record(at, length, state);
                    }
                    at += length + (rnd.nextInt(3) == 0 ? rnd.nextInt(1 << 12) : 0);
                }
                if (rnd.nextBoolean()) {
                    b.blocks(at + rnd.nextInt(1 << 10));
                }
                Layout l = b.build();
                how.append("layout: builder mix of ").append(records).append(" records, ").append(l.recordCount())
                        .append(" after merging, ").append(l.blocks()).append(" blocks");
                return l;
            }
        }
    }

    private static long offset(Random rnd, int bs, Layout layout, long layoutBytes, StringBuilder how) {
        long pos;
        switch (rnd.nextInt(6)) {
            case 0 -> {
                pos = (1L << 62) + rnd.nextInt(1 << 21) - (1L << 20);
                how.append("; offset near 2^62");
            }
            case 1 -> {
                pos = MAX_END - 1 - rnd.nextInt(1 << 20);
                how.append("; offset near the largest end");
            }
            case 2 -> {
                // a record boundary, maybe nudged off the block boundary
                int i = rnd.nextInt(Math.max(1, layout.recordCount()));
                long block = layout.recordCount() == 0 ? 0 : (rnd.nextBoolean() ? layout.recordStart(i) : layout.recordEnd(i));
                pos = block * bs + (rnd.nextBoolean() ? 0 : rnd.nextInt(bs)) - (rnd.nextInt(4) == 0 ? Math.min(block * bs, 512) : 0);
                how.append("; offset at record ").append(i).append(" boundary");
            }
            case 3 -> {
                pos = Math.max(0, layoutBytes - rnd.nextInt(3 * bs) + rnd.nextInt(2 * bs));
                how.append("; offset near the layout end");
            }
            case 4 -> {
                pos = (long) (rnd.nextDouble() * layoutBytes);
                if (rnd.nextBoolean()) {
                    pos &= ~(bs - 1L);
                }
                how.append("; offset inside the layout");
            }
            default -> {
                pos = rnd.nextLong() >>> 1;
                how.append("; offset anywhere");
            }
        }
        return Math.max(0, Math.min(pos, MAX_END - 1));
    }

    private static long length(Random rnd, int bs, StringBuilder how) {
        long len;
        switch (rnd.nextInt(5)) {
            case 0 -> len = (long) bs * (1 + rnd.nextInt(64));
            case 1 -> len = 512L * (1 + rnd.nextInt(16));
            case 2 -> len = 1 + rnd.nextInt(1 << 20);
            case 3 -> len = (long) bs * (1 + rnd.nextInt(1 << 20));
            default -> len = 1 + (rnd.nextLong() >>> (24 + rnd.nextInt(30)));
        }
        how.append(", length ").append(len);
        return len;
    }

    // ---- the checks

    private static boolean writethroughPath(Policy p, WriteRequest r) {
        return p.id().equals("xfs-writethrough-noserial") && !r.direct() && r.writethrough() && r.noserial();
    }

    static void check(Policy p, Sample s, Decision d, List<String> problems) {
        WriteRequest r = s.request();
        long bs = s.inode().blockSize();
        if (d == null || d.result() == null) {
            problems.add("no decision or no result");
            return;
        }
        expect(problems, p.id().equals(d.policy()), "decision names policy " + d.policy());
        expect(problems, d.detail() == Detail.FULL, "detail " + d.detail());
        expect(problems, d.initialLock() != null && d.finalLock() != null && d.retry() != null && d.drainReason() != null
                && d.completion() != null && d.nowait() != null, "a decision field is null");
        expect(problems, d.lookups() >= 0, "negative lookups " + d.lookups());

        // locks
        // finalLock is the lock held at the end: NONE only if none was taken or the path let it go
        boolean endsUnlocked = !d.lockPath().isEmpty() && d.lockPath().get(d.lockPath().size() - 1) == LockOp.UNLOCK;
        expect(problems, (d.finalLock() == Lock.NONE) == (d.initialLock() == Lock.NONE || endsUnlocked),
                "finalLock " + d.finalLock() + " with lock path " + d.lockPath());
        expect(problems, (d.initialLock() == Lock.NONE) == d.lockPath().isEmpty(),
                "initialLock " + d.initialLock() + " but lock path " + d.lockPath());
        if (!d.lockPath().isEmpty()) {
            LockOp first = d.lockPath().get(0);
            expect(problems, (first == LockOp.SHARED && d.initialLock() == Lock.SHARED)
                    || (first == LockOp.EXCLUSIVE && d.initialLock() == Lock.EXCLUSIVE),
                    "lock path starts with " + first + " but initialLock is " + d.initialLock());
        }
        expect(problems, !(d.drain() || d.forceWait()) || d.initialLock() != Lock.NONE,
                "drain/forceWait without taking a lock");
        expect(problems, !(d.drain() || d.forceWait()) || d.lockPath().contains(LockOp.EXCLUSIVE),
                "drain/forceWait without ever holding the lock exclusive: " + d.lockPath());
        expect(problems, d.retry() == Retry.NONE || d.lockPath().contains(LockOp.UNLOCK),
                "retry " + d.retry() + " without an unlock in " + d.lockPath());

        // NOWAIT
        expect(problems, d.result() != Result.EAGAIN || r.nowait(), "EAGAIN for a request without NOWAIT");
        expect(problems, r.nowait() || d.nowait() == NowaitOutcome.NOT_APPLICABLE,
                "nowait outcome " + d.nowait() + " for a request without NOWAIT");
        expect(problems, d.result() != Result.EAGAIN || d.nowait() == NowaitOutcome.EAGAIN,
                "EAGAIN result but nowait outcome " + d.nowait());
        expect(problems, !(r.nowait() && d.result() == Result.OK) || d.nowait() == NowaitOutcome.PROCEEDS
                || d.nowait() == NowaitOutcome.PROCEEDS_MAY_BLOCK, "NOWAIT write went ahead but outcome " + d.nowait());

        // completion
        expect(problems, d.result() == Result.OK || d.completion() == Completion.NONE,
                "completion " + d.completion() + " for result " + d.result());
        expect(problems, d.completion() != Completion.QUEUED || (r.async() && !d.forceWait()),
                "QUEUED although " + (r.async() ? "FORCE_WAIT" : "the kiocb is synchronous"));

        // segments
        boolean wt = writethroughPath(p, r);
        long from = wt ? r.offset() / bs * bs : r.offset();
        long to = wt ? ((r.end() - 1) / bs + 1) * bs : r.end();
        List<Segment> segs = d.segments();
        if (d.result() != Result.OK) {
            expect(problems, segs.isEmpty() && d.zeroRanges().isEmpty(), "segments or zero ranges for result " + d.result());
        } else if (r.direct() || wt) {
            expect(problems, !segs.isEmpty(), "an accepted direct/writethrough write without segments");
        } else {
            expect(problems, segs.isEmpty() && d.zeroRanges().isEmpty(), "segments or zero ranges for a buffered write");
        }
        if (!segs.isEmpty()) {
            expect(problems, segs.get(0).start() == from, "first segment starts at " + segs.get(0).start() + ", expected " + from);
            expect(problems, segs.get(segs.size() - 1).end() == to,
                    "last segment ends at " + segs.get(segs.size() - 1).end() + ", expected " + to);
            for (int k = 0; k < segs.size(); k++) {
                Segment seg = segs.get(k);
                expect(problems, seg.start() < seg.end(), "empty or reversed segment " + seg);
                if (k > 0) {
                    expect(problems, segs.get(k - 1).end() == seg.start(), "gap or overlap between " + segs.get(k - 1) + " and " + seg);
                }
            }
        }

        // zero ranges: inside the blocks the write touches, within one block, reaching a block boundary
        long firstByte = r.offset() / bs * bs;
        long lastByteEnd = ((r.end() - 1) / bs + 1) * bs;
        if (wt) {
            expect(problems, d.zeroRanges().isEmpty(), "writethrough submits whole blocks but zeroes " + d.zeroRanges());
        }
        for (ZeroRange z : d.zeroRanges()) {
            expect(problems, z.start() < z.end(), "empty zero range " + z);
            expect(problems, z.start() >= firstByte && z.end() <= lastByteEnd,
                    "zero range " + z + " outside the touched blocks [" + firstByte + "," + lastByteEnd + ")");
            expect(problems, z.start() / bs == (z.end() - 1) / bs, "zero range " + z + " crosses a block boundary");
            if (z.kind() == ZeroKind.HEAD) {
                expect(problems, z.start() % bs == 0 && z.end() == r.offset(), "head zero " + z + " is not [block start, pos)");
            } else {
                expect(problems, z.start() == r.end() && z.end() % bs == 0, z.kind() + " zero " + z + " is not [end, block end)");
            }
        }
    }

    /** A LOCK-detail decision is the FULL one without the trace and the iomap phase. */
    static void checkLockDetail(Decision full, Decision lock, List<String> problems) {
        String f = lockFields(full);
        String l = lockFields(lock);
        expect(problems, f.equals(l), "Detail.LOCK decided differently:\n      FULL " + f + "\n      LOCK " + l);
        expect(problems, lock.segments().isEmpty() && lock.zeroRanges().isEmpty() && lock.transactions().isEmpty()
                && lock.trace().isEmpty(), "Detail.LOCK decision carries FULL-only lists");
    }

    private static String lockFields(Decision d) {
        return d.result() + " " + d.initialLock() + "/" + d.finalLock() + " " + d.lockPathText() + " retry=" + d.retry()
                + " drain=" + d.drainReason() + " forceWait=" + d.forceWait() + " completion=" + d.completion()
                + " nowait=" + d.nowait() + " lookups=" + d.lookups();
    }

    private static void expect(List<String> problems, boolean ok, String problem) {
        if (!ok) {
            problems.add(problem);
        }
    }

    /** Makes sure the generator really produced the large inputs this test is about. */
    static final class Coverage {
        int nearTop;
        int bigBlocks;
        int millionBlockLayouts;
        int manyRecords;
        final Set<Result> results = EnumSet.noneOf(Result.class);
        final Set<Lock> finalLocks = EnumSet.noneOf(Lock.class);

        void count(Sample s) {
            nearTop += s.request().offset() >= (1L << 61) ? 1 : 0;
            bigBlocks += s.inode().blockSize() == 65536 ? 1 : 0;
            millionBlockLayouts += s.inode().layout().blocks() >= 1_000_000 ? 1 : 0;
            manyRecords += s.inode().layout().recordCount() >= 1000 ? 1 : 0;
        }

        void count(Decision d) {
            results.add(d.result());
            finalLocks.add(d.finalLock());
        }

        void assertReached(long seed) {
            String where = " (seed " + seed + ", " + this + ")";
            assertTrue(nearTop >= SAMPLES / 10, "too few offsets >= 2^61" + where);
            assertTrue(bigBlocks >= SAMPLES / 5, "too few 64 KiB-block inodes" + where);
            assertTrue(millionBlockLayouts >= SAMPLES / 5, "too few million-block layouts" + where);
            assertTrue(manyRecords >= SAMPLES / 50, "too few layouts with 1000+ records" + where);
            assertTrue(results.containsAll(EnumSet.of(Result.OK, Result.EAGAIN, Result.EINVAL, Result.EOPNOTSUPP,
                    Result.FALLBACK_BUFFERED)), "not every result was reached: " + results + where);
            assertTrue(finalLocks.containsAll(EnumSet.allOf(Lock.class)), "not every final lock was reached" + where);
        }

        @Override
        public String toString() {
            return "offsets >= 2^61: " + nearTop + ", 64 KiB blocks: " + bigBlocks + ", layouts >= 1M blocks: "
                    + millionBlockLayouts + ", layouts >= 1000 records: " + manyRecords + ", results " + results;
        }
    }
}

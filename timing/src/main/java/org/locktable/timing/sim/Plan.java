package org.locktable.timing.sim;

import java.util.List;

import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.MapType;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.ZeroKind;
import org.locktable.engine.decision.ZeroRange;

/**
 * What the simulator does with one I/O, compiled from the engine's {@link Decision}: the lock path as a small
 * program, drain, FORCE_WAIT, where the lock is released, and the work at completion.
 */
final class Plan {
    static final byte ACQUIRE_SHARED = 0;
    static final byte ACQUIRE_EXCLUSIVE = 1;
    static final byte UNLOCK = 2;
    /** {@code downgrade_write} or {@code xfs_ilock_demote}. */
    static final byte DOWNGRADE = 3;

    /** Lock held until the I/O (and its conversion) completes: sync kiocb or FORCE_WAIT. */
    static final int WAITED = 0;
    /** Lock released right after submission: async kiocb without FORCE_WAIT. */
    static final int QUEUED = 1;
    /** Buffered copy into the page cache under the lock; O_DSYNC then writes synchronously after the unlock. */
    static final int COPY = 2;

    final byte[] ops;
    final boolean finalExclusive;
    final Retry retry;
    final boolean drain;
    final boolean forceWait;
    final int completion;
    /** Counted in the inode's DIO counter (inode_dio_begin/end). */
    final boolean dio;
    final boolean converts;
    final boolean sizeUpdate;
    /** Journal handles / transactions started at submission. */
    final int handles;
    /** Holes in the range are allocated as unwritten (else written). */
    final boolean allocUnwritten;
    /**
     * i_size is extended at submission (buffered copy, RWF_WRITETHROUGH: "i_size updated in the write path")
     * rather than at completion (direct I/O end_io).
     */
    final boolean sizeAtSubmission;
    /** The engine's decision (window coordinates), null for reads. */
    final Decision decision;
    /**
     * The device commands of a direct write, in issue order: one bio per iomap segment
     * ({@code iomap_dio_bio_iter}) and one per sub-block zero range ({@code iomap_dio_zero}), fs/iomap/direct-io.c:
     * start relative to the write's offset (a head zero range is negative) and length, bytes. Empty for reads and
     * buffered writes (one command of the I/O's own range).
     */
    final long[] bioStart;
    final long[] bioBytes;

    private Plan(byte[] ops, boolean finalExclusive, Retry retry, boolean drain, boolean forceWait, int completion,
            boolean dio, boolean converts, boolean sizeUpdate, int handles, boolean allocUnwritten,
            boolean sizeAtSubmission, Decision decision, long[] bioStart, long[] bioBytes) {
        this.ops = ops;
        this.finalExclusive = finalExclusive;
        this.retry = retry;
        this.drain = drain;
        this.forceWait = forceWait;
        this.completion = completion;
        this.dio = dio;
        this.converts = converts;
        this.sizeUpdate = sizeUpdate;
        this.handles = handles;
        this.allocUnwritten = allocUnwritten;
        this.sizeAtSubmission = sizeAtSubmission;
        this.decision = decision;
        this.bioStart = bioStart;
        this.bioBytes = bioBytes;
    }

    /** A read: shared lock, no conversion. */
    static Plan read(boolean direct, boolean async) {
        return new Plan(new byte[] {ACQUIRE_SHARED}, false, Retry.NONE, false, false,
                direct && async ? QUEUED : WAITED, direct, false, false, 0, false, false, null, new long[0], new long[0]);
    }

    /**
     * Compiles a write decision.
     *
     * @param rangeUnwrittenOrHole the write's blocks include unwritten blocks or holes (for buffered O_DSYNC
     *                             writeback, which converts at completion)
     * @param direct O_DIRECT (else buffered or write-through: i_size moves at submission)
     * @param dsync O_DSYNC
     * @param writeStart the write's offset in the decision's (window) coordinates
     */
    static Plan write(Decision d, boolean direct, boolean dsync, boolean rangeUnwrittenOrHole, long writeStart) {
        Result r = d.result();
        if (r != Result.OK && r != Result.FALLBACK_BUFFERED) {
            throw new IllegalArgumentException("policy " + d.policy() + " refuses the workload's write: " + r
                    + (d.trace().isEmpty() ? "" : " (" + String.join("; ", d.trace()) + ")"));
        }
        List<LockOp> path = d.lockPath();
        byte[] ops = new byte[path.size()];
        int held = 0; // 0 none, 1 shared, 2 exclusive
        for (int i = 0; i < ops.length; i++) {
            switch (path.get(i)) {
                case SHARED:
                    ops[i] = ACQUIRE_SHARED;
                    held = 1;
                    break;
                case EXCLUSIVE:
                    ops[i] = ACQUIRE_EXCLUSIVE;
                    held = 2;
                    break;
                case UNLOCK:
                    ops[i] = UNLOCK;
                    held = 0;
                    break;
                default:
                    ops[i] = DOWNGRADE;
                    held = 1;
                    break;
            }
        }
        int handles = 0;
        boolean converts = false;
        boolean size = false;
        for (Tx t : d.transactions()) {
            switch (t.kind()) {
                case MAP_BLOCKS:
                case ALLOCATE:
                    handles += t.count();
                    break;
                case ORPHAN:
                case WRITE_END_HANDLE:
                    handles++;
                    break;
                case CONVERT:
                    converts = true;
                    break;
                case SIZE_AT_COMPLETION:
                case SIZE_AFTER_DIO:
                    size = true;
                    break;
                default:
                    break;
            }
        }
        boolean allocUnwritten = false;
        for (Segment s : d.segments()) {
            if (s.isNew() && s.type() == MapType.UNWRITTEN) {
                allocUnwritten = true;
            }
        }
        Completion c = d.completion();
        int completion = c == Completion.QUEUED ? QUEUED : c == Completion.WAITED ? WAITED : COPY;
        if (completion == COPY) {
            converts = dsync && rangeUnwrittenOrHole;
            size = false;
        }
        boolean dio = completion != COPY;
        int nb = dio ? d.segments().size() + d.zeroRanges().size() : 0;
        long[] bioStart = new long[nb];
        long[] bioBytes = new long[nb];
        if (nb > 0) {
            int i = 0;
            for (ZeroRange z : d.zeroRanges()) {
                if (z.kind() == ZeroKind.HEAD) {
                    bioStart[i] = z.start() - writeStart;
                    bioBytes[i++] = z.end() - z.start();
                }
            }
            for (Segment sg : d.segments()) {
                bioStart[i] = sg.start() - writeStart;
                bioBytes[i++] = sg.end() - sg.start();
            }
            for (ZeroRange z : d.zeroRanges()) {
                if (z.kind() != ZeroKind.HEAD) {
                    bioStart[i] = z.start() - writeStart;
                    bioBytes[i++] = z.end() - z.start();
                }
            }
        }
        return new Plan(ops, held == 2, d.retry(), d.drain(), d.forceWait(), completion, dio, converts, size, handles,
                allocUnwritten, !direct || completion == COPY, d, bioStart, bioBytes);
    }

    /** This write's plan as an {@link IoProfile} of a {@code bytes}-long write. */
    IoProfile profile(long bytes) {
        int acquisitions = 0;
        for (byte op : ops) {
            if (op == ACQUIRE_SHARED || op == ACQUIRE_EXCLUSIVE) {
                acquisitions++;
            }
        }
        return new IoProfile(decision, bytes, finalExclusive, acquisitions, retry != Retry.NONE, drain,
                completion == QUEUED, completion == COPY, converts, sizeUpdate, handles,
                bioBytes.length > 0 ? bioBytes.clone() : new long[] {bytes});
    }
}

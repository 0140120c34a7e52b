package org.locktable.engine.policy;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.StepBreach;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.decision.ZeroRange;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * The state of one write while a policy walks the kernel's code path: the inode and request, the
 * derived quantities of spec §1.3, and everything the policy records (locks, lookups, drain, trace).
 * Policies read like C against it: {@code b.lockShared()}, {@code b.drain(UNALIGNED)}, {@code b.eagain(...)}.
 *
 * <p>The public verbs are the API a policy's {@code write} uses (engine/README.md shows one): read the write and the
 * inode ({@link #request()}, {@link #inode()}, {@link #pos()}, {@link #end()}, ...), take and drop the inode lock,
 * record drains, forced waits, NOWAIT outcomes, errors and transactions, and say what the trace should explain.
 */
public final class DecisionBuilder {
    final Inode inode;
    final WriteRequest req;
    final Layout layout;
    final Detail detail;
    private final String policy;
    private final LockEntry entry;

    // spec §1.3, computed once
    final int bits;
    final long blockMask;
    final long pos;
    final long len;
    final long end;
    final long firstBlk;
    final long lastBlk;
    final boolean headPartial;
    final boolean tailPartial;
    /** XFS: {@code (pos | len) & m_blockmask}. */
    final boolean fsUnaligned;
    /** ext4 {@code ext4_unaligned_io}: {@code (pos | iov_iter_alignment) & blockmask}, the buffer included. */
    final boolean ext4Unaligned;
    /** {@code (pos | len) & (lbs - 1)}. */
    final boolean lbsInvalid;
    /** The user buffer is below the device's DMA alignment. */
    final boolean memInvalid;

    private Result result = Result.OK;
    private Lock initialLock = Lock.NONE;
    private Lock held = Lock.NONE;
    /** The lock path packed 3 bits per op (ordinal + 1), first op lowest; see {@link LockPaths}. */
    private long lockOps;
    private int lockOpCount;
    private Retry retry = Retry.NONE;
    private DrainReason drain = DrainReason.NONE;
    private boolean forceWait;
    private boolean mayBlock;
    private boolean submitted;
    private int lookups;
    private final List<Tx> tx;
    private final List<String> trace;
    private List<Segment> segments = List.of();
    private List<ZeroRange> zeroRanges = List.of();
    private Set<StepBreach> breaches;

    DecisionBuilder(String policy, Inode inode, WriteRequest req, Detail detail, LockEntry entry) {
        this.policy = policy;
        this.entry = entry;
        this.inode = inode;
        this.req = req;
        this.layout = inode.layout();
        this.detail = detail;
        this.bits = inode.blockBits();
        this.blockMask = inode.blockSize() - 1L;
        this.pos = req.offset();
        this.len = req.length();
        this.end = pos + len;
        this.firstBlk = pos >>> bits;
        this.lastBlk = (end - 1) >>> bits;
        this.headPartial = (pos & blockMask) != 0;
        this.tailPartial = (end & blockMask) != 0;
        this.fsUnaligned = ((pos | len) & blockMask) != 0;
        this.ext4Unaligned = ((pos | len | req.bufferAlignment()) & blockMask) != 0;
        this.lbsInvalid = ((pos | len) & (inode.logicalBlockSize() - 1L)) != 0;
        this.memInvalid = req.bufferAlignment() < inode.dmaAlignment();
        this.tx = detail == Detail.FULL ? new ArrayList<>(4) : null;
        this.trace = detail == Detail.FULL ? new ArrayList<>(8) : null;
    }

    // ---- the write and the inode (spec §1.3)

    /** The inode written to: its layout, sizes, block size, flags. */
    public Inode inode() {
        return inode;
    }

    /** The write: offset, length and flags (direct, NOWAIT, async, RWF_*). */
    public WriteRequest request() {
        return req;
    }

    /** The first byte written ({@code iocb->ki_pos}). */
    public long pos() {
        return pos;
    }

    /** One past the last byte written: {@code pos + count}. */
    public long end() {
        return end;
    }

    /** The first and last block the write touches. */
    public long firstBlock() {
        return firstBlk;
    }

    public long lastBlock() {
        return lastBlk;
    }

    /** The inode's extent map: one state per block ({@link Layout}). */
    public Layout layout() {
        return layout;
    }

    /** The file system block size in bytes. */
    public int blockSize() {
        return inode.blockSize();
    }

    /** {@code blocksize - 1}: {@code pos & blockMask()} is the offset inside a block. */
    public long blockMask() {
        return blockMask;
    }

    /** The write starts inside a block. */
    public boolean headPartial() {
        return headPartial;
    }

    /** The write ends inside a block. */
    public boolean tailPartial() {
        return tailPartial;
    }

    /** {@code (pos | len) & (logical block size - 1)}: the device refuses such a direct write ({@code -EINVAL}). */
    public boolean logicalBlockInvalid() {
        return lbsInvalid;
    }

    /** The user buffer is below the device's DMA alignment ({@code -EINVAL} from {@code iomap_dio_bio_iter}). */
    public boolean dmaInvalid() {
        return memInvalid;
    }

    /**
     * The {@code i_size} the path reads before it takes the inode lock ({@code i_size_read()} in ext4_dio_write_iter's
     * quick check, xfs_file_dio_write_unaligned's {@code isize}): the inode's size, unless the concurrency oracle replays
     * a race in which i_size moved between that read and the lock ({@link LockEntry}). Read it only where the C code
     * reads i_size before locking; after the lock, read {@code inode().size()}.
     */
    public long preLockSize() {
        return entry.preLockSize() < 0 ? inode.size() : entry.preLockSize();
    }

    /**
     * True when the path re-runs its checks holding the exclusive lock after a {@code goto restart} (the concurrency
     * oracle asks so, since the file may have changed between the unlock and the relock): a skeleton then takes the
     * exclusive lock instead of choosing its first lock.
     */
    public boolean restarted() {
        return entry.restarted();
    }

    /** XFS's {@code (pos | len) & m_blockmask}: the write does not start or end on a block boundary. */
    public boolean unaligned() {
        return fsUnaligned;
    }

    /** ext4's {@code ext4_unaligned_io()}: as {@link #unaligned()}, the user buffer's alignment included. */
    public boolean ext4Unaligned() {
        return ext4Unaligned;
    }

    // ---- trace

    /** True when the decision keeps a trace ({@link Detail#FULL}): build costly trace text only then. */
    public boolean tracing() {
        return trace != null;
    }

    /** One trace line: {@code function: what was seen -> what follows}. */
    public void trace(String function, String text) {
        if (trace != null) {
            trace.add(function + ": " + text);
        }
    }

    /** A trace line from two pieces, joined only when tracing: decisions for tables build no strings. */
    public void trace(String function, String text, String more) {
        if (trace != null) {
            trace.add(function + ": " + text + more);
        }
    }

    // ---- locks

    /** {@code inode_lock_shared()} / {@code xfs_ilock(XFS_IOLOCK_SHARED)}; the first lock taken is the initial lock. */
    public void lockShared() {
        take(Lock.SHARED, LockOp.SHARED);
    }

    /** {@code inode_lock()} / {@code xfs_ilock(XFS_IOLOCK_EXCL)}. */
    public void lockExclusive() {
        take(Lock.EXCLUSIVE, LockOp.EXCLUSIVE);
    }

    private void take(Lock mode, LockOp op) {
        if (held != Lock.NONE) {
            breach(StepBreach.RELOCK);
        }
        if (initialLock == Lock.NONE) {
            initialLock = mode;
        }
        held = mode;
        addOp(op);
    }

    private void addOp(LockOp op) {
        lockOps |= (long) (op.ordinal() + 1) << (3 * lockOpCount++);
    }

    /** {@code inode_unlock()}: before an upgrade or a fallback. */
    public void unlock() {
        if (held == Lock.NONE) {
            breach(StepBreach.BAD_RELEASE);
        }
        held = Lock.NONE;
        addOp(LockOp.UNLOCK);
    }

    /** {@code downgrade_write}. */
    public void downgrade() {
        if (held != Lock.EXCLUSIVE) {
            breach(StepBreach.BAD_RELEASE);
        }
        held = Lock.SHARED;
        addOp(LockOp.DOWNGRADE);
    }

    /** {@code xfs_ilock_demote}. */
    public void demote() {
        if (held != Lock.EXCLUSIVE) {
            breach(StepBreach.BAD_RELEASE);
        }
        held = Lock.SHARED;
        addOp(LockOp.DEMOTE);
    }

    /** The lock held now. */
    public Lock held() {
        return held;
    }

    /** True while the shared lock is held. */
    public boolean shared() {
        return held == Lock.SHARED;
    }

    // ---- outcome

    /** Records that the checks restarted (or cycled the lock), as {@code goto restart} does. */
    public void retry(Retry kind) {
        retry = kind;
    }

    /** {@code inode_dio_wait()}: waits for in-flight direct I/O (the first reason is kept); a NOWAIT caller may block. */
    public void drain(DrainReason reason) {
        if (held == Lock.NONE) {
            breach(StepBreach.NO_LOCK);
        }
        if (drain == DrainReason.NONE) {
            drain = reason;
        }
        if (req.nowait()) {
            mayBlock = true;
        }
    }

    /** True once {@link #drain(DrainReason)} was called. */
    public boolean drained() {
        return drain != DrainReason.NONE;
    }

    /** {@code IOMAP_DIO_FORCE_WAIT}: the write completes synchronously even when issued asynchronously. */
    public void forceWait() {
        forceWait = true;
    }

    /** True once {@link #forceWait()} was called. */
    public boolean forceWaitSet() {
        return forceWait;
    }

    /** A NOWAIT request reaches a step that sleeps without checking IOCB_NOWAIT. */
    public void mayBlock(String why) {
        if (req.nowait()) {
            mayBlock = true;
            trace("IOCB_NOWAIT", "not honoured here: ", why);
        }
    }

    /** The unconditional {@code return -EAGAIN} of a NOWAIT path. */
    public void eagain(String function, String why) {
        eagain(function, why, "");
    }

    /** {@link #eagain(String, String)} with the reason in two pieces, joined only when tracing. */
    public void eagain(String function, String why, String more) {
        result = Result.EAGAIN;
        if (trace != null) {
            trace(function, why + more + " -> -EAGAIN");
        }
    }

    /** The write returns {@code r} ({@code -EINVAL}, {@code -EOPNOTSUPP}, ...) from {@code function}. */
    public void fail(Result r, String function, String why) {
        result = r;
        if (trace != null) {
            trace(function, why + " -> " + r);
        }
    }

    /** Sets the write's result without a trace line (e.g. {@link Result#FALLBACK_BUFFERED}). */
    public void result(Result r) {
        result = r;
    }

    /** The result so far ({@link Result#OK} unless a verb set another). */
    public Result result() {
        return result;
    }

    /** A journal transaction the write starts (kept with {@link Detail#FULL} only). */
    public void tx(Tx t) {
        boolean growsSize = t.kind() == TxKind.SIZE_AFTER_DIO && end > inode.size();
        if ((growsSize || t.kind() == TxKind.EOF_PAGECACHE_ZERO) && held != Lock.EXCLUSIVE) {
            breach(StepBreach.SIZE_NOT_EXCLUSIVE);
        }
        if (tx != null) {
            tx.add(t);
        }
    }

    /** A single transaction of this kind. */
    public void tx(TxKind kind) {
        tx(Tx.of(kind));
    }

    /** True for {@link Detail#FULL}: segments, zero ranges and transactions are wanted. */
    public boolean full() {
        return detail == Detail.FULL;
    }

    // ---- decision-time lookups

    /**
     * {@code ext4_map_blocks(NULL, inode, &map, 0)}: the record containing {@code lblk}, trimmed to
     * {@code maxLen}; a hole or delalloc block returns 0. Counts as one decision lookup.
     */
    public int ext4MapBlocks(Ext4Map map) {
        lookups++;
        int i = layout.recordIndexAt(map.lblk);
        if (i < 0 || layout.recordState(i) == BlockState.DELALLOC) {
            map.state = i < 0 ? BlockState.HOLE : BlockState.DELALLOC;
            map.found = 0;
        } else {
            map.state = layout.recordState(i);
            map.found = Math.min(layout.recordEnd(i) - map.lblk, map.len);
        }
        return (int) Math.min(map.found, Integer.MAX_VALUE);
    }

    /** {@code ext4_map_blocks(lblk=0, len=4) -> WRITTEN x1}, for trace lines. */
    public static String describe(Ext4Map map) {
        return "ext4_map_blocks(lblk=" + map.lblk + ", len=" + map.len + ") -> "
                + (map.found == 0 ? map.state + " (returns 0)" : map.state + " x" + map.found);
    }

    /** A lookup done by an XFS decision probe ({@code xfs_bmapi_read} under OVERWRITE_ONLY or NOWAIT). */
    public void countLookup() {
        lookups++;
    }

    /** Records what {@link IomapDio} computed for the submission. */
    void submitted(List<Segment> segs, List<ZeroRange> zeros) {
        submitted = true;
        segments = segs;
        zeroRanges = zeros;
    }

    /** The I/O was submitted ({@code iomap_dio_rw()} reached): the decision's completion is then waited or queued. */
    public void markSubmitted() {
        if (held == Lock.NONE) {
            breach(StepBreach.NO_LOCK);
        }
        submitted = true;
    }

    private void breach(StepBreach b) {
        if (breaches == null) {
            breaches = EnumSet.noneOf(StepBreach.class);
        }
        breaches.add(b);
    }

    Decision build() {
        NowaitOutcome nowait;
        if (!req.nowait() || result == Result.EOPNOTSUPP || (result == Result.EINVAL && initialLock == Lock.NONE)) {
            nowait = NowaitOutcome.NOT_APPLICABLE;
        } else if (result == Result.EAGAIN) {
            nowait = NowaitOutcome.EAGAIN;
        } else {
            nowait = mayBlock ? NowaitOutcome.PROCEEDS_MAY_BLOCK : NowaitOutcome.PROCEEDS;
        }
        Completion completion = !submitted || result != Result.OK ? Completion.NONE
                : (!req.async() || forceWait) ? Completion.WAITED : Completion.QUEUED;
        return new Decision(policy, detail, result, initialLock, held, LockPaths.of(lockOps, lockOpCount), retry, drain,
                forceWait, completion, nowait, lookups, segments, zeroRanges,
                tx == null ? List.of() : List.copyOf(tx), trace == null ? List.of() : List.copyOf(trace),
                breaches == null ? Set.of() : Set.copyOf(breaches));
    }

    /** {@code struct ext4_map_blocks}: what to look up ({@code lblk}, {@code len}), and what came back. */
    public static final class Ext4Map {
        public long lblk;
        public long len;
        /** Blocks found from {@code lblk} in one record, 0 for a hole or delalloc. */
        public long found;
        public BlockState state;

        public Ext4Map(long lblk, long len) {
            this.lblk = lblk;
            this.len = len;
        }
    }
}

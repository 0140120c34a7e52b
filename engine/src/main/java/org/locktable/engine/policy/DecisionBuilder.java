package org.locktable.engine.policy;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.LockOp;
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

    private final StepBreaches breaches = new StepBreaches();
    private final LockRecord lock = new LockRecord(breaches);
    private Result result = Result.OK;
    private Retry retry = Retry.NONE;
    private DrainReason drain = DrainReason.NONE;
    private boolean forceWait;
    private boolean mayBlock;
    private boolean submitted;
    private int lookups;
    private final List<Tx> tx;
    private final TraceLines trace;
    private List<Segment> segments = List.of();
    private List<ZeroRange> zeroRanges = List.of();

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
        this.trace = new TraceLines(detail == Detail.FULL);
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
        return trace.kept();
    }

    /** One trace line: {@code function: what was seen -> what follows}. */
    public void trace(String function, String text) {
        trace.add(function, text);
    }

    /** A trace line from two pieces, joined only when tracing: decisions for tables build no strings. */
    public void trace(String function, String text, String more) {
        trace.add(function, text, more);
    }

    // ---- locks

    /** {@code inode_lock_shared()} / {@code xfs_ilock(XFS_IOLOCK_SHARED)}; the first lock taken is the initial lock. */
    public void lockShared() {
        lock.take(Lock.SHARED, LockOp.SHARED);
    }

    /** {@code inode_lock()} / {@code xfs_ilock(XFS_IOLOCK_EXCL)}. */
    public void lockExclusive() {
        lock.take(Lock.EXCLUSIVE, LockOp.EXCLUSIVE);
    }

    /** {@code inode_unlock()}: before an upgrade or a fallback. */
    public void unlock() {
        lock.unlock();
    }

    /** {@code downgrade_write}. */
    public void downgrade() {
        lock.toShared(LockOp.DOWNGRADE);
    }

    /** {@code xfs_ilock_demote}. */
    public void demote() {
        lock.toShared(LockOp.DEMOTE);
    }

    /** The lock held now. */
    public Lock held() {
        return lock.held();
    }

    /** True while the shared lock is held. */
    public boolean shared() {
        return lock.held() == Lock.SHARED;
    }

    // ---- outcome

    /** Records that the checks restarted (or cycled the lock), as {@code goto restart} does. */
    public void retry(Retry kind) {
        retry = kind;
    }

    /** {@code inode_dio_wait()}: waits for in-flight direct I/O (the first reason is kept); a NOWAIT caller may block. */
    public void drain(DrainReason reason) {
        if (lock.held() == Lock.NONE) {
            breaches.add(StepBreach.NO_LOCK);
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
        if (trace.kept()) {
            trace(function, why + more + " -> -EAGAIN");
        }
    }

    /** The write returns {@code r} ({@code -EINVAL}, {@code -EOPNOTSUPP}, ...) from {@code function}. */
    public void fail(Result r, String function, String why) {
        result = r;
        if (trace.kept()) {
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
        if ((growsSize || t.kind() == TxKind.EOF_PAGECACHE_ZERO) && lock.held() != Lock.EXCLUSIVE) {
            breaches.add(StepBreach.SIZE_NOT_EXCLUSIVE);
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
        return Ext4MapBlocks.lookUp(layout, map);
    }

    /** {@code ext4_map_blocks(lblk=0, len=4) -> WRITTEN x1}, for trace lines. */
    public static String describe(Ext4Map map) {
        return Ext4MapBlocks.describe(map);
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
        if (lock.held() == Lock.NONE) {
            breaches.add(StepBreach.NO_LOCK);
        }
        submitted = true;
    }

    Decision build() {
        return new Decision(policy, detail, result, lock.initial(), lock.held(), lock.path(), retry, drain, forceWait,
                DerivedOutcomes.completion(submitted, result, req.async(), forceWait),
                DerivedOutcomes.nowait(req.nowait(), result, lock.initial(), mayBlock), lookups, segments, zeroRanges,
                tx == null ? List.of() : List.copyOf(tx), trace.toList(), breaches.toSet());
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

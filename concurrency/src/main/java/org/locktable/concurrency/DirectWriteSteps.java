package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.MapType;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.decision.ZeroRange;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.DioEndIo;
import org.locktable.engine.policy.LockEntry;
import org.locktable.engine.policy.LockSteps;
import org.locktable.engine.policy.Policy;

/**
 * The steps a direct write takes under a policy, each asking the engine at the moment it happens, against the file it
 * sees then: {@code ->write_iter} (fs/ext4/file.c ext4_dio_write_iter and ext4_dio_write_checks, fs/xfs/xfs_file.c
 * xfs_file_dio_write_aligned / _unaligned), then fs/iomap/direct-io.c (__iomap_dio_rw, iomap_dio_bio_iter,
 * iomap_dio_bio_end_io, iomap_dio_complete: {@link DioCompletion}). The decisions come from a {@link DecisionCache}.
 *
 * <p>The lock is taken as the kernel takes it: the first lock from the i_size read before locking, the checks against
 * the file once it is held, and where they restart (ext4's {@code goto restart}, XFS's write-checks upgrade and
 * {@code retry_exclusive}) an unlock step, a new request for the exclusive lock, and the checks again against the file
 * as it is then ({@link #checks}).
 */
final class DirectWriteSteps implements OperationSteps {
    private final Policy policy;
    private final Inode template;
    private final List<Operation> ops;
    private final LockSteps lockSteps;
    private final DioEndIo endIo;
    private final DecisionCache decisions;
    private final boolean[] samples;

    /** What the checks decide once a lock is held: go on with this lock, or unlock and take it exclusive. */
    private record Outcome(boolean restart, Lock lock, boolean drain, boolean waits, boolean demote, boolean overwriteOnly,
            String why) {
        static Outcome restart(String why) {
            return new Outcome(true, Lock.NONE, false, false, false, false, why);
        }

        static Outcome go(Lock lock, boolean drain, boolean waits) {
            return new Outcome(false, lock, drain, waits, false, false, "");
        }
    }

    DirectWriteSteps(Policy policy, Inode template, List<Operation> ops) {
        this.policy = policy;
        this.template = template;
        this.ops = List.copyOf(ops);
        this.lockSteps = Race.lockSteps(policy);
        this.endIo = policy.endIo();
        this.decisions = new DecisionCache(policy, template, ops);
        this.samples = new boolean[ops.size()];
        for (int i = 0; i < ops.size(); i++) {
            samples[i] = ops.get(i).direct() && firstLockMoves(i);
        }
    }

    /** A direct write that reads i_size before locking starts there; one whose lock cannot move, at its lock. */
    @Override
    public OpState start(int i) {
        return samples[i] ? OpState.start() : OpState.start().at(Phase.LOCKING);
    }

    private boolean unaligned(Operation op) {
        return ((op.offset() | op.length()) & (template.blockSize() - 1)) != 0;
    }

    /**
     * Does the first lock of direct write {@code i} depend on an i_size read before locking that another operation can
     * move, so that the read and the lock are two steps? Asked of the policy: its first lock with each i_size the read
     * can see ({@link LockEntry#sizeReadBeforeLock}), against the file as it starts. Writes only grow i_size, to their
     * end; truncate, punch and fallocate can move it anywhere, so with one of them the read is a step whenever the first
     * lock depends on it at all. When it cannot move the lock, the read is folded into the lock step.
     */
    private boolean firstLockMoves(int i) {
        Operation op = ops.get(i);
        java.util.Set<Long> sizes = new java.util.TreeSet<>();
        sizes.add(template.size());
        boolean onlyWrites = true;
        for (int j = 0; j < ops.size(); j++) {
            Operation other = ops.get(j);
            if (j == i) {
                continue;
            }
            if (!other.write()) {
                onlyWrites = false;
            } else {
                sizes.add(Math.max(template.size(), other.end()));
            }
        }
        if (!onlyWrites) {
            for (long s : new long[] {0, op.offset() - 1, op.offset(), op.offset() + 1, op.end() - 1, op.end(), op.end() + 1}) {
                sizes.add(Math.max(0, s));
            }
        }
        Lock first = null;
        for (long size : sizes) {
            Lock lock = policy.decide(template, decisions.request(i), Detail.LOCK, LockEntry.sizeReadBeforeLock(size)).initialLock();
            if (first != null && lock != first) {
                return true;
            }
            first = lock;
        }
        return false;
    }

    @Override
    public void enabled(World w, int i, List<Step> steps) {
        Operation op = ops.get(i);
        OpState o = w.op(i);
        switch (o.phase()) {
            case START -> steps.add(iSizeRead(w, i));
            case LOCKING, WAITING -> lockForWrite(w, i, steps);
            case LOCKED -> inodeDioWait(w, i, steps);
            case READY -> {
                long bs = template.blockSize();
                if (w.noWritebackOver(i, op.offset() / bs * bs, (op.end() + bs - 1) / bs * bs)) {
                    steps.add(o.overwriteOnly() && overwriteOnlyEagain(w, i) ? retryExclusive(w, i) : iomapDioBioIter(w, i));
                }
            }
            case SUBMITTED -> {
                DioCompletion.bioEndio(w, i, steps);
                DioCompletion.iomapDioComplete(w, i, op, endIo, steps);
            }
            case SIZED -> steps.add(DioCompletion.convertAfterSize(w, i, op));
            case COMPLETED -> steps.add(DioCompletion.inodeDioEnd(w, i));
            default -> { }
        }
        DioCompletion.returnToCaller(w, i, steps);
    }

    /**
     * Before submission the blocks of its range (its bios, head and tail zeros, the flush of its dirty pages); after,
     * its bios in flight.
     */
    @Override
    public long footprint(World w, int i, long blocks, long inFlight, long all) {
        return switch (w.op(i).phase()) {
            case START, LOCKING, WAITING, LOCKED, READY -> blocks;
            case SUBMITTED -> inFlight;
            default -> 0;
        };
    }

    private boolean xfs() {
        return lockSteps.fileSystem() == org.locktable.engine.policy.FileSystem.XFS;
    }

    /** v5.12's xfs_file_dio_write_unaligned: shared with IOMAP_DIO_OVERWRITE_ONLY, retried exclusive on -EAGAIN. */
    private boolean overwriteOnlyPath(Operation op) {
        return lockSteps == LockSteps.XFS_FILE_DIO_WRITE && unaligned(op);
    }

    /** ext4_dio_write_iter's quick check or xfs_file_dio_write_unaligned's {@code isize}: i_size before the lock. */
    private Step iSizeRead(World w, int i) {
        long size = w.file().size();
        return new Step(i, Step.Kind.SAMPLE, () -> "i_size_read = " + size + " ("
                + (xfs() ? lockSteps == LockSteps.XFS_FILE_DIO_WRITE ? "xfs_file_dio_write_unaligned" : "xfs_file_dio_aio_write"
                        : "ext4_dio_write_iter") + ")", w.with(i, w.op(i).sampled(size), w.file()));
    }

    /**
     * Requests the lock (the first one from the i_size read before, exclusive after a restart) on the rwsem
     * ({@link World#mayTake}): takes it and runs the checks, or queues; a queued write takes it when woken.
     */
    private void lockForWrite(World w, int i, List<Step> steps) {
        OpState o = w.op(i);
        Lock first = o.phase() == Phase.WAITING ? o.want() : o.restarts() > 0 ? Lock.EXCLUSIVE : firstLock(w, i);
        Rwsem.request(w, i, first, steps, woken -> granted(w, i, first, woken));
    }

    /** The first lock: from the engine's decision against the file with the i_size read before locking. */
    private Lock firstLock(World w, int i) {
        OpState o = w.op(i);
        long seen = o.sampledSize() == OpState.NOT_SAMPLED ? w.file().size() : o.sampledSize();
        return decide(w.file(), seen, i, Detail.LOCK).initialLock();
    }

    private Step granted(World w, int i, Lock lock, boolean woken) {
        OpState o = w.op(i);
        Outcome out = checks(w, i, lock);
        String how = (woken ? "woken: " : "") + "lock " + lock.letter();
        if (out.restart) {
            return new Step(i, Step.Kind.LOCK, () -> how + ", " + out.why + ": unlock, restart exclusive ("
                    + lockSteps.checksSite() + ")", w.with(i, o.restarted(), w.file()));
        }
        Lock held = out.demote && !out.drain ? Lock.SHARED : out.lock;
        boolean demote = out.demote && out.drain;
        long[] zero = held == Lock.EXCLUSIVE ? eofZeroing(w.file(), i, false) : null;
        FileState file = zero == null ? w.file() : zeroedEof(w, zero);
        return new Step(i, Step.Kind.LOCK, () -> how + (held != lock ? " → " + held.letter() : "")
                + (zero == null ? "" : ", " + zeroLabel(zero)) + (out.drain ? ", drain" : "")
                + (out.waits ? ", wait" : ", queue") + (out.overwriteOnly ? ", overwrite-only" : "") + " ("
                + lockSteps.lockSite() + ")",
                w.with(i, o.locked(held, out.drain, out.waits, demote, out.overwriteOnly), file));
    }

    /**
     * Where the policy's write zeroes {@code [i_size, pos)} through the page cache (xfs_zero_eof, xfs_file_write_zero_eof:
     * {@link TxKind#EOF_PAGECACHE_ZERO}), the range, else null: in the write checks right after the lock, before any
     * drain, unless the drain is for that zeroing ({@link DrainReason#EOF_ZEROING}, 3136e8bb3054: i_size must be stable
     * first), and then at submission, after it ({@code afterDrain}).
     */
    private long[] eofZeroing(FileState file, int i, boolean afterDrain) {
        Operation op = ops.get(i);
        if (op.offset() <= file.size()) {
            return null;
        }
        Decision d = decide(file, file.size(), i, Detail.FULL);
        boolean zeroes = d.transactions().stream().anyMatch(t -> t.kind() == TxKind.EOF_PAGECACHE_ZERO);
        return zeroes && (d.drainReason() == DrainReason.EOF_ZEROING) == afterDrain
                ? new long[] {file.size(), op.offset()} : null;
    }

    /** {@code [from, to)} zeroed through the page cache, block by block: written blocks' pages read and dirtied, holes and unwritten blocks skipped. */
    private static FileState zeroedEof(World w, long[] range) {
        FileState f = w.file();
        long bs = f.blockSize();
        boolean[] under = w.underDirectWrite();
        for (long at = range[0]; at < range[1]; at = (at / bs + 1) * bs) {
            f = f.zeroedThroughCache(at, Math.min(range[1], (at / bs + 1) * bs), under);
        }
        return f;
    }

    private static String zeroLabel(long[] range) {
        return "zero [" + range[0] + "," + range[1] + ") through the page cache (xfs_zero_eof)";
    }

    /**
     * The checks once {@code held} is held, against the file as it is now: ext4_dio_write_checks (its restart when a
     * shared lock is not enough), xfs_file_write_checks (its upgrade for pos > i_size), xfs_file_dio_write_unaligned's
     * exclusive path. The engine decides against the file now; where the kernel holds the exclusive lock after a restart
     * and the engine, starting afresh, would settle shared (the file changed since the first look), the policy is asked
     * for its checks re-run under the exclusive lock ({@link LockEntry#RESTARTED}): what they drain and wait is the
     * policy's own code, not a rule of the oracle's.
     */
    private Outcome checks(World w, int i, Lock held) {
        Operation op = ops.get(i);
        FileState f = w.file();
        Decision d = decide(f, f.size(), i, Detail.LOCK);
        boolean restarts = d.lockPath().contains(LockOp.UNLOCK);
        boolean waits = d.completion() == Completion.WAITED;
        boolean sync = op.kind() != Operation.Kind.AIO_DIO;
        if (overwriteOnlyPath(op)) {
            if (held == Lock.EXCLUSIVE) {
                Decision r = decide(f, f.size(), i, Detail.LOCK, true);
                return Outcome.go(Lock.EXCLUSIVE, r.drain(), r.completion() == Completion.WAITED);
            }
            if (op.offset() > f.size()) {
                return Outcome.restart("pos > i_size");
            }
            if (rechecksUnderLock(w, i)) {
                return Outcome.restart("i_size re-read under the lock: ends at or beyond EOF");
            }
            return new Outcome(false, Lock.SHARED, false, sync, false, true, "");
        }
        if (held == Lock.SHARED) {
            return d.initialLock() == Lock.SHARED && !restarts ? Outcome.go(d.finalLock(), d.drain(), waits)
                    : Outcome.restart(xfs() ? "pos > i_size"
                            : d.initialLock() == Lock.EXCLUSIVE || op.end() > f.size() ? "extending" : "shared lock not enough");
        }
        if (xfs()) {
            // xfs_file_dio_write_aligned after the checks' upgrade: drained if pos > i_size, then xfs_ilock_demote.
            // Before v5.1 an unaligned write keeps IOLOCK_EXCL through the I/O: the policy's final lock says whether it demotes.
            boolean demotes = lockSteps == LockSteps.XFS_FILE_DIO_WRITE ? w.op(i).restarts() > 0 : d.finalLock() == Lock.SHARED;
            return new Outcome(false, Lock.EXCLUSIVE, d.drain(), waits, demotes, false, "");
        }
        if (d.initialLock() == Lock.EXCLUSIVE || restarts) {
            return Outcome.go(d.finalLock(), d.drain(), waits);
        }
        Decision rerun = decide(f, f.size(), i, Detail.LOCK, true);
        return Outcome.go(rerun.finalLock(), rerun.drain(), rerun.completion() == Completion.WAITED);
    }

    /**
     * Whether the policy, holding the shared lock it chose on the i_size read before locking, tests again against the
     * i_size it sees now and restarts exclusive ({@link Retry#CHECKS_RESTART} on the unaligned path): asked of the
     * policy with both sizes, uncached (rare: the unaligned shared path only).
     */
    private boolean rechecksUnderLock(World w, int i) {
        OpState o = w.op(i);
        if (o.sampledSize() == OpState.NOT_SAMPLED || o.sampledSize() == w.file().size()) {
            return false;
        }
        Inode now = w.file().inode(template, w.file().size());
        return policy.decide(now, decisions.request(i), Detail.LOCK, LockEntry.sizeReadBeforeLock(o.sampledSize())).retry()
                == Retry.CHECKS_RESTART;
    }

    /**
     * __iomap_dio_rw with IOMAP_DIO_OVERWRITE_ONLY (xfs_file_dio_write_unaligned's shared path): -EAGAIN when
     * {@code pos >= i_size || pos + len > i_size} now, or when xfs_direct_write_iomap_begin's probe finds the range not
     * one written record now (the engine's decision with the i_size read before the lock, which keeps it on that path).
     */
    private boolean overwriteOnlyEagain(World w, int i) {
        Operation op = ops.get(i);
        FileState f = w.file();
        if (op.offset() >= f.size() || op.end() > f.size()) {
            return true;
        }
        long seen = w.op(i).sampledSize() == OpState.NOT_SAMPLED ? f.size() : w.op(i).sampledSize();
        return decide(f, seen, i, Detail.LOCK).retry() == Retry.DIO_EAGAIN_RETRY;
    }

    private Step retryExclusive(World w, int i) {
        return new Step(i, Step.Kind.LOCK, () -> "iomap_dio_rw -EAGAIN (overwrite-only): unlock, retry exclusive",
                w.with(i, w.op(i).restarted(), w.file()));
    }

    /**
     * inode_dio_wait: sleeps until every other direct I/O of the inode reached inode_dio_end; then the EOF zeroing the
     * drain was for ({@link #eofZeroing}), then an XFS demote.
     */
    private void inodeDioWait(World w, int i, List<Step> steps) {
        if (w.noDioInFlight(i)) {
            OpState o = w.op(i);
            long[] zero = eofZeroing(w.file(), i, true);
            FileState file = zero == null ? w.file() : zeroedEof(w, zero);
            steps.add(new Step(i, Step.Kind.DRAIN, () -> "inode_dio_wait" + (zero == null ? "" : ", " + zeroLabel(zero))
                    + (o.demote() ? ", xfs_ilock_demote → S" : ""), w.with(i, o.drained(), file)));
        }
    }

    /**
     * __iomap_dio_rw: inode_dio_begin, then per iomap segment ->iomap_begin (allocating holes) and iomap_dio_bio_iter's
     * head-zero, data and tail-zero bios, the zero ranges taken from the engine with the mapping and i_size seen now.
     * Before that, cached pages of the range are written back and dropped (kiocb_write_and_wait, kiocb_invalidate_pages),
     * after any writeback already in flight over them completed (enabled only then).
     */
    private Step iomapDioBioIter(World w, int i) {
        Operation op = ops.get(i);
        FileState file = w.file().flushedAndDropped(op.offset(), op.end());
        Decision d = decide(file, file.size(), i, Detail.FULL);
        List<Bio> bios = new ArrayList<>();
        for (ZeroRange z : d.zeroRanges()) {
            if (z.start() < op.offset()) {
                bios.add(Bio.zero(z));
            }
        }
        for (Segment s : d.segments()) {
            file = allocate(file, s);
            bios.add(Bio.data(i, s.start(), s.end()));
        }
        for (ZeroRange z : d.zeroRanges()) {
            if (z.start() >= op.offset()) {
                bios.add(Bio.zero(z));
            }
        }
        return new Step(i, Step.Kind.SUBMIT, () -> "submit " + bios + " (iomap_dio_bio_iter)",
                w.with(i, w.op(i).submitted(bios), file));
    }

    private FileState allocate(FileState file, Segment s) {
        long bs = file.blockSize();
        for (long b = s.start() / bs; b < (s.end() + bs - 1) / bs; b++) {
            if (file.block(b) == BlockState.HOLE) {
                file = file.withBlock(b, s.type() == MapType.UNWRITTEN ? BlockState.UNWRITTEN : BlockState.WRITTEN);
            }
        }
        return file;
    }

    private Decision decide(FileState file, long iSize, int i, Detail detail) {
        return decisions.decide(file, iSize, i, detail);
    }

    private Decision decide(FileState file, long iSize, int i, Detail detail, boolean restarted) {
        return decisions.decide(file, iSize, i, detail, restarted);
    }
}

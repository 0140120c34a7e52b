package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.policy.ReadLocks;

/**
 * The steps of a read, under the locks its kernel's reads take ({@link ReadLocks}, from the policy).
 *
 * <ul>
 * <li>direct read ({@code dio-read}, {@code aio-dio-read}): ext4_dio_read_iter / xfs_file_dio_read take the lock (or
 * none), then fs/iomap/direct-io.c __iomap_dio_rw reads i_size once ({@code dio->i_size}), writes back the range's
 * dirty pages (filemap_write_and_wait_range), calls inode_dio_begin and maps the range: a written block becomes a read
 * bio, which reads the disk when it completes (any order, like every bio); a hole or an unwritten block is filled with
 * zeros at once (iomap_dio_hole_iter). The result is cut at the i_size read at entry (iomap_dio_complete). A
 * synchronous read returns after inode_dio_end, an asynchronous one with -EIOCBQUEUED once submitted; each unlocks
 * when it returns.</li>
 * <li>buffered read ({@code buffered-read}): filemap_read under the lock (XFS) or none (ext4): i_size read once, each
 * page of the range from the cache, read from the disk into it first when it is not there (a written block's sectors,
 * zeros past i_size, for holes and unwritten blocks), copied in one step.</li>
 * </ul>
 */
final class ReadSteps implements OperationSteps {
    private final List<Operation> ops;
    private final ReadLocks locks;
    private final boolean xfs;

    ReadSteps(ReadLocks locks, boolean xfs, List<Operation> ops) {
        this.locks = locks;
        this.xfs = xfs;
        this.ops = List.copyOf(ops);
    }

    private Lock lock(Operation op) {
        return op.directRead() ? locks.directRead() : locks.bufferedRead();
    }

    /** The first state: queued for the lock, or ready to read when the read takes none. */
    @Override
    public OpState start(int i) {
        Operation op = ops.get(i);
        OpState s = OpState.start();
        return lock(op) == Lock.NONE ? s.locked(Lock.NONE, false, !op.async()) : s.at(Phase.LOCKING);
    }

    @Override
    public void enabled(World w, int i, List<Step> steps) {
        Operation op = ops.get(i);
        OpState o = w.op(i);
        switch (o.phase()) {
            case LOCKING, WAITING -> Rwsem.request(w, i, lock(op), steps, woken -> new Step(i, Step.Kind.LOCK,
                    (woken ? "woken: " : "") + "lock " + lock(op).letter() + " (" + site(op) + ")",
                    w.with(i, o.locked(lock(op), false, !op.async()), w.file())));
            case READY -> {
                long bs = w.file().blockSize();
                if (op.kind() == Operation.Kind.BUFFERED_READ) {
                    steps.add(copy(w, i));
                } else if (w.noWritebackOver(i, op.offset() / bs * bs, (op.end() + bs - 1) / bs * bs)) {
                    steps.add(submit(w, i));
                }
            }
            case SUBMITTED -> {
                for (int b = 0; b < o.bios().size(); b++) {
                    if ((o.inFlight() & (1L << b)) != 0) {
                        steps.add(readBioDone(w, i, b));
                    }
                }
                if (o.inFlight() == 0) {
                    steps.add(new Step(i, Step.Kind.DIO_END, "iomap_dio_complete, inode_dio_end",
                            w.with(i, o.at(Phase.DIO_ENDED), w.file())));
                }
            }
            default -> { }
        }
        returnToCaller(w, i, steps);
    }

    private String site(Operation op) {
        return op.directRead() ? xfs ? "xfs_file_dio_read" : "ext4_dio_read_iter"
                : xfs ? "xfs_file_buffered_read" : "generic_file_read_iter";
    }

    /** __iomap_dio_rw for a read: i_size once, dirty pages of the range written back, the range mapped now. */
    private Step submit(World w, int i) {
        Operation op = ops.get(i);
        FileState f = w.file().flushedAndDropped(op.offset(), op.end());
        long isize = f.size();
        if (op.offset() >= isize) {
            return new Step(i, Step.Kind.SUBMIT, () -> "iomap_dio_rw: pos >= i_size " + isize + ", nothing to read",
                    w.with(i, w.op(i).readCopied(isize, List.of()), f));
        }
        long bs = f.blockSize();
        List<Bio> bios = new ArrayList<>();
        long inFlight = 0;
        for (long b = op.offset() / bs; b * bs < op.end(); b++) {
            long start = Math.max(op.offset(), b * bs);
            long end = Math.min(op.end(), (b + 1) * bs);
            if (f.block(b) == BlockState.WRITTEN) {
                inFlight |= 1L << bios.size();
                bios.add(Bio.read(start, end));
            } else {
                byte[] zeros = new byte[(int) ((end - start) / Sector.SIZE)];
                Arrays.fill(zeros, Sector.ZERO);
                bios.add(Bio.readResult("read: zeros (" + f.block(b).name().toLowerCase(java.util.Locale.ROOT) + ")",
                        start, zeros));
            }
        }
        long mask = inFlight;
        return new Step(i, Step.Kind.SUBMIT, () -> "i_size_read = " + isize + ", submit " + bios + " (iomap_dio_rw)",
                w.with(i, w.op(i).readSubmitted(isize, bios, mask), f));
    }

    /** A read bio completes: it got the disk's sectors as they are now, whatever the mapping says. */
    private Step readBioDone(World w, int i, int b) {
        Bio bio = w.op(i).bios().get(b);
        byte[] got = new byte[(int) ((bio.end() - bio.start()) / Sector.SIZE)];
        for (int s = 0; s < got.length; s++) {
            got[s] = w.file().onDisk((int) (bio.start() / Sector.SIZE) + s);
        }
        Bio captured = Bio.readResult("read", bio.start(), got);
        return new Step(i, Step.Kind.BIO, () -> "bio done: " + captured, w.with(i, w.op(i).readCompleted(b, captured),
                w.file()), bio);
    }

    /** filemap_read: i_size once; each page from the cache, read into it first if missing; copied in one step. */
    private Step copy(World w, int i) {
        Operation op = ops.get(i);
        FileState f = w.file();
        long isize = f.size();
        long bs = f.blockSize();
        long readEnd = Math.min(op.end(), (isize + bs - 1) / bs * bs);
        boolean[] under = w.underDirectWrite();
        for (long b = op.offset() / bs; b * bs < readEnd; b++) {
            f = f.pageRead(b, under);
        }
        List<Bio> read = new ArrayList<>();
        if (op.offset() < readEnd) {
            byte[] got = new byte[(int) ((readEnd - op.offset()) / Sector.SIZE)];
            for (int s = 0; s < got.length; s++) {
                got[s] = f.cachedSector((int) (op.offset() / Sector.SIZE) + s);
            }
            read.add(Bio.readResult("read: page cache", op.offset(), got));
        }
        FileState after = f;
        return new Step(i, Step.Kind.SUBMIT, () -> "i_size_read = " + isize + ", copy from the page cache " + read
                + " (filemap_read)", w.with(i, w.op(i).readCopied(isize, read), after));
    }

    /** A synchronous direct read returns after inode_dio_end, an asynchronous one once submitted; a buffered one after its copy. */
    private void returnToCaller(World w, int i, List<Step> steps) {
        OpState o = w.op(i);
        if (o.returned()) {
            return;
        }
        boolean copied = o.phase() == Phase.COPIED;
        boolean queued = !o.waited() && (o.phase() == Phase.SUBMITTED || o.phase() == Phase.DIO_ENDED);
        boolean waited = o.waited() && o.phase() == Phase.DIO_ENDED;
        if (copied || queued || waited) {
            Lock held = o.held();
            OpState next = o.unlockedAndReturned();
            steps.add(new Step(i, Step.Kind.RETURN, () -> (queued ? "-EIOCBQUEUED" : "return " + Reads.length(ops.get(i),
                    o) + " bytes") + (held == Lock.NONE ? "" : ", unlock " + held.letter()),
                    w.with(i, copied ? next.at(Phase.DIO_ENDED) : next, w.file())));
        }
    }

    /** A direct read the blocks of its range until submitted, then its bios in flight; a buffered read its blocks until its copy. */
    @Override
    public long footprint(World w, int i, long blocks, long inFlight, long all) {
        OpState o = w.op(i);
        if (ops.get(i).kind() == Operation.Kind.BUFFERED_READ) {
            return o.phase() == Phase.COPIED || o.done() ? 0 : blocks;
        }
        return switch (o.phase()) {
            case START, LOCKING, WAITING, LOCKED, READY -> blocks;
            case SUBMITTED -> inFlight;
            default -> 0;
        };
    }

}

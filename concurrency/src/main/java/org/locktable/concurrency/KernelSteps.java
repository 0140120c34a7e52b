package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;
import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.MapType;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.ZeroRange;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.Policy;

/**
 * The steps a direct write takes under a policy, each asking the engine at the moment it happens, against the file it
 * sees then: {@code ->write_iter} (fs/ext4/file.c ext4_dio_write_iter, fs/xfs/xfs_file.c xfs_file_dio_write_*), then
 * fs/iomap/direct-io.c (__iomap_dio_rw, iomap_dio_bio_iter, iomap_dio_bio_end_io, iomap_dio_complete).
 */
final class KernelSteps {
    private final Policy policy;
    private final Inode template;
    private final List<Operation> ops;
    private final boolean xfs;
    private final BufferedSteps buffered;
    private final InodeSteps inodeOps;

    KernelSteps(Policy policy, Inode template, List<Operation> ops) {
        this.policy = policy;
        this.template = template;
        this.ops = List.copyOf(ops);
        this.xfs = "xfs".equalsIgnoreCase(policy.info().fileSystem());
        this.buffered = new BufferedSteps(policy.info().fileSystem(), template, ops);
        this.inodeOps = new InodeSteps(policy.info().fileSystem(), ops);
    }

    /** The first state of operation {@code i}: XFS's unaligned path samples i_size before locking, others start at the lock. */
    OpState start(int i) {
        return samplesSizeBeforeLock(ops.get(i)) ? OpState.start() : OpState.start().at(Phase.LOCKING);
    }

    private boolean samplesSizeBeforeLock(Operation op) {
        long bs = template.blockSize();
        return xfs && op.direct() && ((op.offset() | op.length()) & (bs - 1)) != 0;
    }

    List<Step> enabled(World w) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            OpState o = w.ops().get(i);
            if (ops.get(i).buffered()) {
                buffered.enabled(w, i, steps);
                continue;
            }
            if (!ops.get(i).write()) {
                inodeOps.enabled(w, i, steps);
                continue;
            }
            switch (o.phase()) {
                case START -> steps.add(iSizeRead(w, i));
                case LOCKING -> lockForWrite(w, i, steps);
                case LOCKED -> inodeDioWait(w, i, steps);
                case READY -> {
                    if (w.noWritebackOver(i, blockStart(ops.get(i).offset()), blockStart(ops.get(i).end() + template.blockSize() - 1))) {
                        steps.add(iomapDioBioIter(w, i));
                    }
                }
                case SUBMITTED -> {
                    bioEndio(w, i, steps);
                    iomapDioComplete(w, i, steps);
                }
                case COMPLETED -> steps.add(inodeDioEnd(w, i));
                default -> { }
            }
            returnToCaller(w, i, steps);
        }
        return steps;
    }

    /** xfs_file_dio_write_unaligned: {@code isize = i_size_read()} before xfs_ilock_iocb_for_write. */
    private Step iSizeRead(World w, int i) {
        long size = w.file().size();
        return new Step(i, Step.Kind.SAMPLE, "i_size_read = " + size + " (xfs_file_dio_write_unaligned)",
                w.with(i, w.ops().get(i).sampled(size), w.file()));
    }

    /** ext4_dio_write_iter's inode_lock{,_shared} and its checks, or xfs_ilock_iocb_for_write; restarts collapsed to the final lock. */
    private void lockForWrite(World w, int i, List<Step> steps) {
        OpState o = w.ops().get(i);
        long seen = o.sampledSize() == OpState.NOT_SAMPLED ? w.file().size() : o.sampledSize();
        Decision d = decide(w.file().inode(template, seen), i, Detail.LOCK);
        Lock lock = d.finalLock();
        if (!w.lockFree(i, lock)) {
            return;
        }
        boolean waits = d.completion() == Completion.WAITED;
        OpState locked = o.locked(lock, d.drain(), waits);
        steps.add(new Step(i, Step.Kind.LOCK, "lock " + lock.letter() + (d.drain() ? ", drain" : "")
                + (waits ? ", wait" : ", queue") + " (" + (xfs ? "xfs_ilock_iocb_for_write" : "ext4_dio_write_iter") + ")",
                w.with(i, d.drain() ? locked : locked.at(Phase.READY), w.file())));
    }

    /** inode_dio_wait: sleeps until every other direct I/O of the inode reached inode_dio_end. */
    private void inodeDioWait(World w, int i, List<Step> steps) {
        if (w.noDioInFlight(i)) {
            steps.add(new Step(i, Step.Kind.DRAIN, "inode_dio_wait", w.with(i, w.ops().get(i).at(Phase.READY), w.file())));
        }
    }

    /**
     * __iomap_dio_rw: inode_dio_begin, then per iomap segment ->iomap_begin (allocating holes) and iomap_dio_bio_iter's
     * head-zero, data and tail-zero bios, the zero ranges taken from the engine with the mapping and i_size seen now.
     * Before that, cached pages of the range are written back and dropped (kiocb_write_and_wait, kiocb_invalidate_pages),
     * after any writeback already in flight over them completed (enabled only then).
     */
    private Step iomapDioBioIter(World w, int i) {
        FileState file = w.file().flushedAndDropped(ops.get(i).offset(), ops.get(i).end());
        Decision d = decide(file.inode(template, file.size()), i, Detail.FULL);
        List<Bio> bios = new ArrayList<>();
        for (ZeroRange z : d.zeroRanges()) {
            if (z.start() < ops.get(i).offset()) {
                bios.add(Bio.zero(z));
            }
        }
        for (Segment s : d.segments()) {
            file = allocate(file, s);
            bios.add(Bio.data(i, s.start(), s.end()));
        }
        for (ZeroRange z : d.zeroRanges()) {
            if (z.start() >= ops.get(i).offset()) {
                bios.add(Bio.zero(z));
            }
        }
        return new Step(i, Step.Kind.SUBMIT, "submit " + bios + " (iomap_dio_bio_iter)",
                w.with(i, w.ops().get(i).submitted(bios), file));
    }

    private long blockStart(long pos) {
        return pos / template.blockSize() * template.blockSize();
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

    /** iomap_dio_bio_end_io: any in-flight bio may complete next; the block layer orders none of them. */
    static void bioEndio(World w, int i, List<Step> steps) {
        OpState o = w.ops().get(i);
        for (int b = 0; b < o.bios().size(); b++) {
            if ((o.inFlight() & (1L << b)) != 0) {
                Bio bio = o.bios().get(b);
                steps.add(new Step(i, Step.Kind.BIO, "bio done: " + bio, w.with(i, o.completedBio(b), w.file().written(bio))));
            }
        }
    }

    /** iomap_dio_complete → ->end_io (ext4_dio_write_end_io, xfs_dio_write_end_io): convert unwritten blocks, update i_size. */
    private void iomapDioComplete(World w, int i, List<Step> steps) {
        OpState o = w.ops().get(i);
        if (o.inFlight() != 0) {
            return;
        }
        Operation op = ops.get(i);
        FileState file = w.file();
        long bs = file.blockSize();
        for (long b = op.offset() / bs; b < (op.end() + bs - 1) / bs; b++) {
            if (file.block(b) == BlockState.UNWRITTEN) {
                file = file.withBlock(b, BlockState.WRITTEN);
            }
        }
        if (op.end() > file.size()) {
            file = file.withSize(op.end());
        }
        steps.add(new Step(i, Step.Kind.END_IO, "end_io: convert, i_size = " + file.size(),
                w.with(i, o.at(Phase.COMPLETED), file)));
    }

    private Step inodeDioEnd(World w, int i) {
        return new Step(i, Step.Kind.DIO_END, "inode_dio_end", w.with(i, w.ops().get(i).at(Phase.DIO_ENDED), w.file()));
    }

    /** A queued write returns -EIOCBQUEUED and unlocks once submitted; a waited one after inode_dio_end. */
    private void returnToCaller(World w, int i, List<Step> steps) {
        OpState o = w.ops().get(i);
        if (o.returned()) {
            return;
        }
        boolean queuedReturn = !o.waited() && (o.phase() == Phase.SUBMITTED || o.phase() == Phase.COMPLETED
                || o.phase() == Phase.DIO_ENDED);
        boolean waitedReturn = o.waited() && o.phase() == Phase.DIO_ENDED;
        if (queuedReturn || waitedReturn) {
            steps.add(new Step(i, Step.Kind.RETURN, (queuedReturn ? "-EIOCBQUEUED" : "return") + ", unlock "
                    + o.held().letter(), w.with(i, o.unlockedAndReturned(), w.file())));
        }
    }

    private Decision decide(Inode inode, int i, Detail detail) {
        Decision d = policy.decide(inode, ops.get(i).request(), detail);
        if (d.result() != Result.OK) {
            throw new UnsupportedOperationException(policy.id() + " answers " + d.result() + " to " + ops.get(i)
                    + " on " + inode + "; the model races only writes that go ahead as direct I/O");
        }
        return d;
    }
}

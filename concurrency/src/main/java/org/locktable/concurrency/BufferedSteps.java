package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.LockSteps;
import org.locktable.engine.policy.Policy;

/**
 * The steps of a buffered write and its fsync under a buffered-write policy (by default the file system's,
 * {@link #defaultPolicy}: the companion its write path declares, {@code ext4-buffered-bh} for ext4, {@code xfs-buffered} for XFS): {@code ->write_iter} (fs/ext4/file.c ext4_buffered_write_iter,
 * fs/xfs/xfs_file.c xfs_file_buffered_write), the copy (mm/filemap.c generic_perform_write, fs/iomap/buffered-io.c
 * iomap_write_iter), then fsync's writeback (mm/filemap.c file_write_and_wait_range).
 */
final class BufferedSteps implements OperationSteps {
    private final Policy policy;
    private final Inode template;
    private final List<Operation> ops;
    private final boolean xfs;
    private final Decision[] decisions;

    BufferedSteps(Policy policy, Inode template, List<Operation> ops) {
        this.xfs = policy.info().fileSystem() == FileSystem.XFS;
        this.policy = policy;
        this.template = template;
        this.ops = List.copyOf(ops);
        this.decisions = new Decision[ops.size()];
    }

    /** The buffered policy whose writes race with {@code direct}'s: its write path's companion ({@link LockSteps#bufferedCompanion()}). */
    static Policy defaultPolicy(Policy direct) {
        return PolicyCatalog.builtIn(Race.lockSteps(direct).bufferedCompanion());
    }

    @Override
    public void enabled(World w, int i, List<Step> steps) {
        OpState o = w.op(i);
        switch (o.phase()) {
            case LOCKING, WAITING -> lock(w, i, steps);
            case LOCKED -> {
                if (w.noDioInFlight(i)) {
                    steps.add(new Step(i, Step.Kind.DRAIN, "inode_dio_wait", w.with(i, o.at(Phase.READY), w.file())));
                }
            }
            case READY -> steps.add(genericPerformWrite(w, i));
            case COPIED -> steps.add(new Step(i, Step.Kind.RETURN, "return, unlock " + o.held().letter(),
                    w.with(i, o.unlockedAndReturned().at(ops.get(i).fsync() ? Phase.FSYNC : Phase.DIO_ENDED), w.file())));
            case FSYNC -> steps.add(writepages(w, i));
            case WRITEBACK -> {
                DioCompletion.bioEndio(w, i, steps);
                writebackEndIo(w, i, steps);
            }
            default -> { }
        }
    }

    /** ext4_buffered_write_iter's inode_lock, xfs_file_buffered_write's xfs_ilock_iocb(XFS_IOLOCK_EXCL): as the policy decides. */
    private void lock(World w, int i, List<Step> steps) {
        Decision d = decisions[i];
        if (d == null) {
            // ext4_buffered_write_iter and xfs_file_buffered_write lock exclusive whatever the file: decided once.
            d = policy.decide(w.file().inode(template, w.file().size()), ops.get(i).request(), Detail.LOCK);
            if (d.result() != Result.OK) {
                throw new UnsupportedOperationException(policy.id() + " answers " + d.result() + " to " + ops.get(i)
                        + "; the model races only buffered writes that go ahead");
            }
            decisions[i] = d;
        }
        Decision decided = d;
        OpState o = w.op(i);
        Lock lock = o.phase() == Phase.WAITING ? o.want() : decided.finalLock();
        Rwsem.request(w, i, lock, steps, woken -> new Step(i, Step.Kind.LOCK, () -> (woken ? "woken: " : "") + "lock "
                + lock.letter() + (decided.drain() ? ", drain" : "") + " ("
                + (xfs ? "xfs_file_buffered_write" : "ext4_buffered_write_iter") + ")",
                w.with(i, o.locked(lock, decided.drain(), true), w.file())));
    }

    /**
     * generic_perform_write / iomap_write_iter, one step under the lock: per block, write_begin reads a page not fully
     * overwritten from what the disk holds now (so possibly a direct write's bios half landed), a hole becomes delalloc,
     * the bytes are copied, write_end grows i_size.
     */
    private Step genericPerformWrite(World w, int i) {
        Operation op = ops.get(i);
        FileState file = w.file();
        long bs = file.blockSize();
        boolean[] under = w.underDirectWrite();
        for (long b = op.offset() / bs; b < (op.end() + bs - 1) / bs; b++) {
            file = file.pageRead(b, under);
            if (file.block(b) == BlockState.HOLE) {
                file = file.withBlock(b, BlockState.DELALLOC);
            }
        }
        file = file.copied(op.offset(), op.end(), Sector.of(i));
        if (op.end() > file.size()) {
            file = file.withSize(op.end());
        }
        return new Step(i, Step.Kind.SUBMIT, "copy to page cache, i_size = " + file.size()
                + " (" + (xfs ? "iomap_write_iter" : "generic_perform_write") + ")", w.with(i, w.op(i).at(Phase.COPIED), file));
    }

    /**
     * file_write_and_wait_range → ->writepages (ext4_do_writepages, iomap_writepages): one bio per dirty page, the page
     * clean from now; a delalloc block is allocated unwritten and converted at end_io (ext4 with dioread_nolock; for XFS's
     * xfs_bmapi_convert_delalloc the conservative choice: the block reads as zeros until its data is on disk). A page
     * over an unwritten block stays under writeback until that conversion ({@link Bio#convertsAtEndIo}).
     */
    private Step writepages(World w, int i) {
        FileState file = w.file();
        List<Bio> bios = new ArrayList<>();
        long bs = file.blockSize();
        for (long b = 0; b * bs < (long) file.sectors() * Sector.SIZE; b++) {
            if (file.dirty(b)) {
                byte[] page = file.page(b);
                file = file.cleaned(b);
                if (file.block(b) == BlockState.DELALLOC || file.block(b) == BlockState.HOLE) {
                    file = file.withBlock(b, BlockState.UNWRITTEN);
                }
                bios.add(Bio.writeback(b * bs, page, file.block(b) == BlockState.UNWRITTEN));
            }
        }
        return new Step(i, Step.Kind.SUBMIT, "fsync: writeback " + bios + " (" + (xfs ? "iomap_writepages" : "ext4_do_writepages") + ")",
                w.with(i, w.op(i).submitted(bios).at(Phase.WRITEBACK), file));
    }

    /** The writeback end_io (ext4_end_io_end, xfs_end_ioend): unwritten blocks written back become written; fsync returns. */
    private void writebackEndIo(World w, int i, List<Step> steps) {
        OpState o = w.op(i);
        if (o.inFlight() != 0) {
            return;
        }
        FileState file = w.file();
        long bs = file.blockSize();
        boolean converts = false;
        for (Bio bio : o.bios()) {
            if (file.block(bio.start() / bs) == BlockState.UNWRITTEN) {
                file = file.withBlock(bio.start() / bs, BlockState.WRITTEN);
                converts = true;
            }
        }
        steps.add(new Step(i, Step.Kind.END_IO, converts ? "writeback end_io: convert, fsync returns"
                : "writeback end_io, fsync returns", w.with(i, o.at(Phase.DIO_ENDED), file)));
    }

    /** Before its copy the blocks of its range (the page reads), with an fsync to come every sector (it writes back every dirty page); in writeback its bios in flight. */
    @Override
    public long footprint(World w, int i, long blocks, long inFlight, long all) {
        boolean fsync = ops.get(i).fsync();
        return switch (w.op(i).phase()) {
            case START, LOCKING, WAITING, LOCKED, READY -> fsync ? all : blocks;
            case COPIED, FSYNC -> fsync ? all : 0;
            case WRITEBACK -> inFlight;
            default -> 0;
        };
    }

}

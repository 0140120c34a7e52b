package org.locktable.concurrency;

import java.util.List;

import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.InodeOps;

/**
 * The steps of a truncate, a punch and a fallocate: each takes the inode lock exclusive, drains direct I/O where the
 * kernel does, does its work in one step under the lock (README: why one step is enough) and unlocks.
 *
 * <ul>
 * <li>truncate: do_truncate's inode_lock, then ext4_setattr (fs/ext4/inode.c) or xfs_setattr_size (fs/xfs/xfs_iops.c).
 * ext4 calls inode_dio_wait only when shrinking ("Blocks are going to be removed from the inode"), XFS always.
 * Growing, ext4_block_truncate_page zeroes the old EOF block past the old size (xfs_zero_range the same range);
 * shrinking, ext4_truncate's ext4_block_truncate_page / XFS's xfs_truncate_page (iomap_truncate_page) zero the new
 * EOF block past the new size, truncate_pagecache drops the pages past it, and ext4_ext_remove_space /
 * xfs_itruncate_extents free the blocks past it. The zeroing goes through the page cache (a dirty page, written back
 * later), as both do.</li>
 * <li>punch: ext4_punch_hole (fs/ext4/inode.c), xfs_file_fallocate → xfs_free_file_space (fs/xfs/xfs_bmap_util.c):
 * exclusive, inode_dio_wait, dirty pages of the range written back and dropped, partial blocks zeroed through the page
 * cache (ext4_zero_partial_blocks, xfs_zero_range), whole blocks freed; i_size unchanged.</li>
 * <li>fallocate (mode 0): ext4_fallocate → ext4_do_fallocate (fs/ext4/extents.c), xfs_file_fallocate →
 * xfs_alloc_file_space: exclusive, inode_dio_wait, holes become unwritten, i_size grows to the end.</li>
 * </ul>
 */
final class InodeSteps implements OperationSteps {
    private final List<Operation> ops;
    private final boolean xfs;
    private final InodeOps rules;

    InodeSteps(FileSystem fileSystem, InodeOps rules, List<Operation> ops) {
        this.xfs = fileSystem == FileSystem.XFS;
        this.rules = rules;
        this.ops = List.copyOf(ops);
    }

    /** XFS before v5.5: a fallocate that grows the file sizes itself before it drains ({@link InodeOps}). */
    private boolean sizesBeforeDrain(Operation op) {
        return rules.fallocateSizesBeforeDrain() && op.kind() == Operation.Kind.FALLOCATE;
    }

    @Override
    public void enabled(World w, int i, List<Step> steps) {
        OpState o = w.op(i);
        Operation op = ops.get(i);
        switch (o.phase()) {
            case LOCKING, WAITING -> Rwsem.request(w, i, Lock.EXCLUSIVE, steps, woken -> {
                boolean drain = !sizesBeforeDrain(op)
                        && (op.kind() != Operation.Kind.TRUNCATE || xfs || op.offset() < w.file().size());
                return new Step(i, Step.Kind.LOCK, (woken ? "woken: " : "") + "lock X" + (drain ? ", drain" : "") + " ("
                        + lockSite(op) + ")", w.with(i, o.locked(Lock.EXCLUSIVE, drain, true), w.file()));
            });
            case LOCKED -> {
                if (w.noDioInFlight(i)) {
                    steps.add(new Step(i, Step.Kind.DRAIN, "inode_dio_wait", w.with(i, o.at(Phase.READY), w.file())));
                }
            }
            case READY -> {
                if (sizesBeforeDrain(op)) {
                    steps.add(o.sampledSize() == OpState.NOT_SAMPLED ? allocateAndSize(w, i) : setattrSize(w, i));
                    break;
                }
                long bs = w.file().blockSize();
                long from = op.kind() == Operation.Kind.TRUNCATE ? Math.min(op.offset(), w.file().size()) : op.offset();
                long to = op.kind() == Operation.Kind.TRUNCATE ? (long) w.file().sectors() * Sector.SIZE : op.end();
                if (w.noWritebackOver(i, from / bs * bs, (to + bs - 1) / bs * bs)) {
                    steps.add(apply(w, i));
                }
            }
            case APPLIED -> steps.add(new Step(i, Step.Kind.RETURN, "return, unlock X",
                    w.with(i, o.unlockedAndReturned().at(Phase.DIO_ENDED), w.file())));
            default -> { }
        }
    }

    private String lockSite(Operation op) {
        return switch (op.kind()) {
            case TRUNCATE -> "do_truncate";
            default -> xfs ? "xfs_file_fallocate" : "ext4_fallocate";
        };
    }

    private Step apply(World w, int i) {
        Operation op = ops.get(i);
        FileState f = w.file();
        String label = switch (op.kind()) {
            case TRUNCATE -> {
                long old = f.size();
                f = truncated(f, op.offset(), w.underDirectWrite());
                yield (xfs ? "xfs_setattr_size" : "ext4_setattr") + ": " + (op.offset() > old ? "zero old EOF block past "
                        + old : op.offset() < old ? "zero EOF block past " + op.offset() + ", free the blocks past it"
                        : "zero the EOF block's tail") + ", i_size = " + op.offset();
            }
            case PUNCH -> {
                f = punched(f, op, w.underDirectWrite());
                yield (xfs ? "xfs_free_file_space" : "ext4_punch_hole") + ": write back, zero partial blocks, free [" + op.offset()
                        + "," + op.end() + ")";
            }
            case FALLOCATE -> {
                f = fallocated(f, op);
                yield (xfs ? "xfs_alloc_file_space" : "ext4_do_fallocate") + ": holes unwritten, i_size = " + f.size();
            }
            default -> throw new IllegalStateException(op.toString());
        };
        return new Step(i, Step.Kind.SUBMIT, label, w.with(i, w.op(i).at(Phase.APPLIED), f));
    }

    /**
     * xfs_file_fallocate before 249bd9087a52: {@code new_size = offset + len} when that is past i_size now, before any
     * drain; xfs_alloc_file_space makes the holes unwritten; xfs_vn_setattr_size comes next, after its drain.
     */
    private Step allocateAndSize(World w, int i) {
        Operation op = ops.get(i);
        FileState f = w.file();
        long newSize = op.end() > f.size() ? op.end() : f.size();
        for (long b = op.offset() / f.blockSize(); b < (op.end() + f.blockSize() - 1) / f.blockSize(); b++) {
            if (f.block(b) == BlockState.HOLE || f.block(b) == BlockState.DELALLOC) {
                f = f.withBlock(b, BlockState.UNWRITTEN);
            }
        }
        OpState next = w.op(i).sampledAt(newSize, Phase.LOCKED);
        return new Step(i, Step.Kind.SUBMIT, "xfs_file_fallocate: new_size = " + newSize + " (i_size " + w.file().size()
                + "), xfs_alloc_file_space: holes unwritten", w.with(i, next, f));
    }

    /** xfs_vn_setattr_size(new_size) after its inode_dio_wait: the size as computed, shrinking if the file grew since. */
    private Step setattrSize(World w, int i) {
        long size = w.op(i).sampledSize();
        FileState f = size == w.file().size() ? w.file() : truncated(w.file(), size, w.underDirectWrite());
        return new Step(i, Step.Kind.SUBMIT, "xfs_setattr_size: i_size = " + size + (size < w.file().size()
                ? " (the file grew to " + w.file().size() + " meanwhile: truncated)" : ""),
                w.with(i, w.op(i).at(Phase.APPLIED), f));
    }

    /** The size change as ext4_setattr / xfs_setattr_size make it (the class comment). */
    static FileState truncated(FileState f, long size, boolean[] under) {
        long bs = f.blockSize();
        long old = f.size();
        if (size > old) {
            long tail = Math.min(size, (old + bs - 1) / bs * bs);
            return f.zeroedThroughCache(old, tail, under).withSize(size);
        }
        long eofBlockEnd = (size + bs - 1) / bs * bs;
        FileState z = f.withSize(size).zeroedThroughCache(size, eofBlockEnd, under);
        return z.freed(eofBlockEnd / bs, f.blocks());
    }

    private static FileState punched(FileState f, Operation op, boolean[] under) {
        long bs = f.blockSize();
        long end = Math.min(op.end(), (f.size() + bs - 1) / bs * bs);
        if (op.offset() >= end) {
            return f;
        }
        long firstWhole = (op.offset() + bs - 1) / bs;
        long lastWhole = end / bs;
        FileState p = f.flushedAndDropped(op.offset(), end);
        if (firstWhole > lastWhole) {
            return p.zeroedThroughCache(op.offset(), end, under);
        }
        p = p.zeroedThroughCache(op.offset(), firstWhole * bs, under).zeroedThroughCache(lastWhole * bs, end, under);
        return p.freed(firstWhole, lastWhole);
    }

    private static FileState fallocated(FileState f, Operation op) {
        long bs = f.blockSize();
        for (long b = op.offset() / bs; b < (op.end() + bs - 1) / bs; b++) {
            if (f.block(b) == BlockState.HOLE || f.block(b) == BlockState.DELALLOC) {
                f = f.withBlock(b, BlockState.UNWRITTEN);
            }
        }
        return op.end() > f.size() ? f.withSize(op.end()) : f;
    }

    /** A truncate every sector, a punch the blocks of its range, until applied; a fallocate none (block states and i_size are not sectors). */
    @Override
    public long footprint(World w, int i, long blocks, long inFlight, long all) {
        OpState o = w.op(i);
        if (o.phase() == Phase.APPLIED || o.done()) {
            return 0;
        }
        return switch (ops.get(i).kind()) {
            case TRUNCATE -> all;
            case PUNCH -> blocks;
            default -> 0;
        };
    }

}

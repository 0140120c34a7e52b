package org.locktable.concurrency;

import java.util.List;

import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.policy.DioEndIo;

/**
 * A direct write's completion (fs/iomap/direct-io.c): its bios landing in any order, ->end_io's conversion and i_size
 * update in the order the policy's kernel runs them ({@link DioEndIo}), inode_dio_end, and the return to the caller.
 */
final class DioCompletion {
    private DioCompletion() {
    }

    /** iomap_dio_bio_end_io: any in-flight bio may complete next; the block layer orders none of them. */
    static void bioEndio(World w, int i, List<Step> steps) {
        OpState o = w.op(i);
        for (int b = 0; b < o.bios().size(); b++) {
            if ((o.inFlight() & (1L << b)) != 0) {
                Bio bio = o.bios().get(b);
                steps.add(new Step(i, Step.Kind.BIO, () -> "bio done: " + bio, w.with(i, o.completedBio(b), w.file().written(bio)),
                        bio));
            }
        }
    }

    /**
     * iomap_dio_complete → ->end_io (ext4_dio_write_end_io, xfs_dio_write_end_io): convert unwritten blocks, update
     * i_size, in one step; in the order the policy's kernel runs them ({@link DioEndIo}) two steps when it sets i_size
     * first and has blocks to convert: another operation may run between them.
     */
    static void iomapDioComplete(World w, int i, Operation op, DioEndIo endIo, List<Step> steps) {
        OpState o = w.op(i);
        if (o.inFlight() != 0) {
            return;
        }
        FileState file = w.file();
        if (endIo == DioEndIo.SIZE_THEN_CONVERT && op.end() > file.size() && anyUnwritten(file, op)) {
            FileState sized = file.withSize(op.end());
            steps.add(new Step(i, Step.Kind.END_IO, () -> "end_io: i_size = " + op.end() + " (conversion next)",
                    w.with(i, o.at(Phase.SIZED), sized)));
            return;
        }
        // ext4_dio_write_end_io and xfs_dio_write_end_io convert only when the write mapped an unwritten extent
        // (IOMAP_DIO_UNWRITTEN); over written blocks they only update i_size
        String what = anyUnwritten(file, op) ? "end_io: convert, i_size = " : "end_io: i_size = ";
        file = converted(file, op);
        if (op.end() > file.size()) {
            file = file.withSize(op.end());
        }
        long size = file.size();
        FileState done = file;
        steps.add(new Step(i, Step.Kind.END_IO, () -> what + size, w.with(i, o.at(Phase.COMPLETED), done)));
    }

    /** The second step of a SIZE_THEN_CONVERT completion: xfs_iomap_write_unwritten after the size was set. */
    static Step convertAfterSize(World w, int i, Operation op) {
        FileState done = converted(w.file(), op);
        return new Step(i, Step.Kind.END_IO, "end_io: convert", w.with(i, w.op(i).at(Phase.COMPLETED), done));
    }

    private static boolean anyUnwritten(FileState file, Operation op) {
        long bs = file.blockSize();
        for (long b = op.offset() / bs; b < (op.end() + bs - 1) / bs; b++) {
            if (file.block(b) == BlockState.UNWRITTEN) {
                return true;
            }
        }
        return false;
    }

    private static FileState converted(FileState file, Operation op) {
        long bs = file.blockSize();
        for (long b = op.offset() / bs; b < (op.end() + bs - 1) / bs; b++) {
            if (file.block(b) == BlockState.UNWRITTEN) {
                file = file.withBlock(b, BlockState.WRITTEN);
            }
        }
        return file;
    }

    static Step inodeDioEnd(World w, int i) {
        return new Step(i, Step.Kind.DIO_END, "inode_dio_end", w.with(i, w.op(i).at(Phase.DIO_ENDED), w.file()));
    }

    /** A queued write returns -EIOCBQUEUED and unlocks once submitted; a waited one after inode_dio_end. */
    static void returnToCaller(World w, int i, List<Step> steps) {
        OpState o = w.op(i);
        if (o.returned()) {
            return;
        }
        boolean queuedReturn = !o.waited() && (o.phase() == Phase.SUBMITTED || o.phase() == Phase.SIZED
                || o.phase() == Phase.COMPLETED
                || o.phase() == Phase.DIO_ENDED);
        boolean waitedReturn = o.waited() && o.phase() == Phase.DIO_ENDED;
        if (queuedReturn || waitedReturn) {
            Lock held = o.held();
            steps.add(new Step(i, Step.Kind.RETURN, () -> (queuedReturn ? "-EIOCBQUEUED" : "return") + ", unlock "
                    + held.letter(), w.with(i, o.unlockedAndReturned(), w.file())));
        }
    }

}

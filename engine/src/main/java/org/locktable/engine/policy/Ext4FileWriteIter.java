package org.locktable.engine.policy;

/**
 * fs/ext4/file.c: {@code ext4_file_write_iter()}: buffered writes go to mainline's {@code ext4_buffered_write_iter()}
 * ({@link Ext4BufferedWrite}), direct writes to this kernel's {@code ext4_dio_write_iter()}. A direct path written
 * on it honours {@link DecisionBuilder#preLockSize()} and {@link DecisionBuilder#restarted()} where it chooses its first
 * lock, so that the concurrency oracle replays it as {@link LockSteps#EXT4_DIO_WRITE_ITER}.
 */
public abstract class Ext4FileWriteIter extends FileWriteIter {
    @Override
    protected void bufferedWrite(DecisionBuilder b) {
        Ext4BufferedWrite.bufferedWriteIter(b, false);
    }

    @Override
    public LockSteps lockSteps() {
        return LockSteps.EXT4_DIO_WRITE_ITER;
    }
}

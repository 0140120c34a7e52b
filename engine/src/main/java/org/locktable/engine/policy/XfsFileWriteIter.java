package org.locktable.engine.policy;

/**
 * fs/xfs/xfs_file.c: {@code xfs_file_write_iter()}: buffered writes go to {@code xfs_file_buffered_write()}
 * ({@link XfsBufferedWrite}), direct writes to this kernel's direct path.
 */
public abstract class XfsFileWriteIter extends FileWriteIter {
    @Override
    protected void bufferedWrite(DecisionBuilder b) {
        XfsBufferedWrite.bufferedWrite(b);
    }

    @Override
    public LockSteps lockSteps() {
        return LockSteps.XFS_FILE_DIO_WRITE;
    }
}

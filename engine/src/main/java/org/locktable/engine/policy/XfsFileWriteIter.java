package org.locktable.engine.policy;

/** fs/xfs/xfs_file.c: {@code xfs_file_write_iter()}: buffered writes go to {@code xfs_file_buffered_write()}. */
abstract class XfsFileWriteIter extends FileWriteIter {
    @Override
    final void bufferedWrite(DecisionBuilder b) {
        XfsBuffered.bufferedWrite(b);
    }
}

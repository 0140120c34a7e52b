package org.locktable.engine.policy;

/** fs/ext4/file.c: {@code ext4_file_write_iter()}: buffered writes go to {@code ext4_buffered_write_iter()}. */
abstract class Ext4FileWriteIter extends FileWriteIter {
    @Override
    final void bufferedWrite(DecisionBuilder b) {
        Ext4BufferedBh.bufferedWriteIter(b);
    }
}

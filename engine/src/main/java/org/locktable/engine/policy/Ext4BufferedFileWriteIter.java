package org.locktable.engine.policy;

/**
 * fs/ext4/file.c: {@code ext4_file_write_iter()} for the buffered policies: direct writes go to mainline's
 * {@code ext4_dio_write_iter()} (ext4-base, composed in), buffered writes to this policy's buffered path.
 */
abstract class Ext4BufferedFileWriteIter extends FileWriteIter {
    private final Ext4Base directWrites;

    Ext4BufferedFileWriteIter(Ext4Base directWrites) {
        this.directWrites = directWrites;
    }

    @Override
    final void directWrite(DecisionBuilder b) {
        directWrites.write(b);
    }
}

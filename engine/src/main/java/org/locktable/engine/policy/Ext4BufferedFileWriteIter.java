package org.locktable.engine.policy;

/**
 * fs/ext4/file.c: {@code ext4_file_write_iter()} for a buffered-write policy: direct writes go to another policy's
 * {@code ext4_dio_write_iter()} (mainline's, composed in), buffered writes to this policy's buffered path.
 */
public abstract class Ext4BufferedFileWriteIter extends Ext4FileWriteIter {
    private final Policy directWrites;

    protected Ext4BufferedFileWriteIter(Policy directWrites) {
        this.directWrites = directWrites;
    }

    @Override
    protected final void directWrite(DecisionBuilder b) {
        writeWith(directWrites, b);
    }

    /** Direct writes take the composed policy's steps. */
    @Override
    public LockSteps lockSteps() {
        return directWrites.lockSteps();
    }

    @Override
    protected abstract void bufferedWrite(DecisionBuilder b);
}

package org.locktable.engine.policy;

/**
 * {@code ext4_file_write_iter()} / {@code xfs_file_write_iter()}: RWF flags this kernel does not know are refused,
 * then a buffered or a direct write.
 */
public abstract class FileWriteIter extends Policy {
    @Override
    protected final void write(DecisionBuilder b) {
        if (refusesRfcFlags(b)) {
            return;
        }
        if (!b.req.direct()) {
            bufferedWrite(b);
            return;
        }
        directWrite(b);
    }

    /** The file system's buffered write path. */
    protected abstract void bufferedWrite(DecisionBuilder b);

    /** This version's direct write path. */
    protected abstract void directWrite(DecisionBuilder b);
}

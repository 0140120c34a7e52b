package org.locktable.engine.policy;

/**
 * fs/ext4/file.c: {@code ext4_file_write_iter()} for the buffered policies: RWF flags this kernel does not know
 * are refused, direct writes go to mainline's {@code ext4_dio_write_iter()} (the policy composed in), buffered
 * writes to this policy's buffered path.
 */
abstract class Ext4BufferedFileWriteIter extends Policy {
    private final Ext4Base directWrites;

    Ext4BufferedFileWriteIter(Ext4Base directWrites) {
        this.directWrites = directWrites;
    }

    @Override
    protected final void write(DecisionBuilder b) {
        if (refusesRfcFlags(b)) {
            return;
        }
        if (b.req.direct()) {
            directWrites.write(b);
            return;
        }
        bufferedWrite(b);
    }

    /** This policy's {@code ext4_buffered_write_iter()}. */
    abstract void bufferedWrite(DecisionBuilder b);
}

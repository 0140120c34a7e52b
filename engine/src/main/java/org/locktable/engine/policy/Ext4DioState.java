package org.locktable.engine.policy;

/** The out-parameters of {@code ext4_dio_write_checks()}: they survive a {@code goto restart}. */
final class Ext4DioState {
    boolean extend;
    boolean unwritten;
    /** Patch 1 initialises {@code overwrite = true} and only looks up unaligned writes. */
    boolean overwrite = true;
    boolean needsZeroing;
}

package org.locktable.engine.policy;

/** The locals of {@code ext4_dio_write_checks()} that its caller reads: they survive a {@code goto restart}. */
public final class Ext4DioState {
    /** {@code ext4_extending_io()}: the write ends beyond {@code i_size} or {@code i_disksize}. */
    public boolean extend;
    /** {@code ext4_overwrite_io()}'s out-parameter: the record found is unwritten. */
    public boolean unwritten;
    /** {@code ext4_overwrite_io()}: one allocated record covers the range (patch 1 initialises it true). */
    public boolean overwrite = true;
    /** {@code ext4_dio_needs_zeroing()} (Baokun Li, patch 2/2). */
    public boolean needsZeroing;
    /** {@code ext4_unaligned_io()}: the position, length or user buffer is not block-aligned. */
    public boolean unalignedIo;
}

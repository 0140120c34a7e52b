package org.locktable.engine.policy;

/**
 * The order of a direct write's completion ({@code ->end_io}) steps that another operation can see: the unwritten
 * conversion and the i_size update. A read or a size check that runs between the two sees one without the other.
 */
public enum DioEndIo {
    /**
     * Convert, then i_size (ext4 throughout; XFS from ee70daaba82d "xfs: update i_size after unwritten conversion in
     * dio completion", v4.14): a new size never covers blocks still unwritten.
     */
    CONVERT_THEN_SIZE,
    /**
     * i_size, then convert (XFS up to v4.13: {@code xfs_end_io_direct_write} / {@code xfs_dio_write_end_io} set the
     * in-core size before {@code xfs_iomap_write_unwritten}): a direct read in between reads the new size over blocks
     * that still read as zeros (xfstests generic/465).
     */
    SIZE_THEN_CONVERT
}

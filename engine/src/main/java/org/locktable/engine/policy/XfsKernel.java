package org.locktable.engine.policy;

/**
 * The names of the fs/xfs/xfs_file.c functions an XFS direct write passes through, per modelled kernel, so a
 * trace names the functions of the kernel its policy models. v5.12 (ee1b218b95a8, "xfs: cleanup the read/write
 * helper naming", and 354be7e3b2ba, "xfs: make xfs_file_aio_write_checks IOCB_NOWAIT-aware") renamed them and
 * split the direct write in two.
 */
enum XfsKernel {
    /**
     * v4.14 .. v5.11: {@code xfs_file_dio_aio_write()} checks the alignment, picks the lock (shared when aligned)
     * and demotes or drains itself; {@code xfs_file_aio_write_checks()} does the privilege restart and the EOF
     * zeroing inline ({@code inode_dio_wait}, then {@code iomap_zero_range(inode, isize, pos - isize, ...)}),
     * blocking under IOCB_NOWAIT.
     */
    V5_11("xfs_file_dio_aio_write", "xfs_file_aio_write_checks", "xfs_file_aio_write_checks", "iomap_zero_range",
            false),
    /**
     * v5.12+: {@code xfs_file_dio_write_aligned()} for aligned writes; {@code xfs_file_write_checks()}. The EOF
     * zeroing names are the running kernel's: {@code xfs_file_write_zero_eof()} calling {@code xfs_zero_range()}
     * (a helper split out of xfs_file_write_checks in v6.12 as far as we know; earlier v5.12+ kernels do the same
     * steps inline there).
     */
    SINCE_V5_12("xfs_file_dio_write_aligned", "xfs_file_write_checks", "xfs_file_write_zero_eof", "xfs_zero_range",
            true);

    /** Takes the aligned write's shared lock and demotes after the checks. */
    final String alignedWrite;
    /** The write checks: privilege stripping, the EOF checks. */
    final String writeChecks;
    /** Where the EOF zeroing's relock, drain and zeroing happen. */
    final String zeroEof;
    /** The call that zeroes {@code [i_size, pos)}. */
    final String zeroRange;
    /** The checks honour IOCB_NOWAIT (trylocks, -EAGAIN before zeroing). */
    final boolean nowaitAware;

    XfsKernel(String alignedWrite, String writeChecks, String zeroEof, String zeroRange, boolean nowaitAware) {
        this.alignedWrite = alignedWrite;
        this.writeChecks = writeChecks;
        this.zeroEof = zeroEof;
        this.zeroRange = zeroRange;
        this.nowaitAware = nowaitAware;
    }
}

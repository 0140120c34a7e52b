package org.locktable.engine.policy;

/**
 * The names of the fs/xfs/xfs_file.c functions an XFS direct write passes through, per modelled kernel, so a
 * trace names the functions of the kernel its policy models. v5.12 (ee1b218b95a8, "xfs: cleanup the read/write
 * helper naming", and 354be7e3b2ba, "xfs: make xfs_file_aio_write_checks IOCB_NOWAIT-aware") renamed them and
 * split the direct write in two.
 */
public enum XfsKernel {
    /**
     * v4.14 .. v5.11: {@code xfs_file_dio_aio_write()} checks the alignment, picks the lock (shared when aligned)
     * and demotes or drains itself; {@code xfs_file_aio_write_checks()} does the privilege restart and the EOF
     * zeroing inline ({@code inode_dio_wait}, then {@code iomap_zero_range(inode, isize, pos - isize, ...)}),
     * blocking under IOCB_NOWAIT.
     */
    V5_11("xfs_file_dio_aio_write", "xfs_file_aio_write_checks", "xfs_file_aio_write_checks", "iomap_zero_range",
            false, FileRemovePrivs.Call.FILE_MODIFIED, FileRemovePrivs.KillRule.SHOULD_REMOVE_SUID),
    /**
     * v5.12+: {@code xfs_file_dio_write_aligned()} for aligned writes; {@code xfs_file_write_checks()}. The EOF
     * zeroing names are the running kernel's: {@code xfs_file_write_zero_eof()} calling {@code xfs_zero_range()}
     * (a helper split out of xfs_file_write_checks in v6.12 as far as we know; earlier v5.12+ kernels do the same
     * steps inline there). The privilege step is v6.0+'s {@code kiocb_modified()} (1aa91d9c9933) with v6.2+'s kill
     * mask: v5.12 .. v5.19 called {@code file_modified()}, which strips a set-id mode under IOCB_NOWAIT instead of
     * returning -EAGAIN, and v6.0 / v6.1 leave a set-gid file without group-exec alone; no policy models those.
     */
    SINCE_V5_12("xfs_file_dio_write_aligned", "xfs_file_write_checks", "xfs_file_write_zero_eof", "xfs_zero_range",
            true, FileRemovePrivs.Call.KIOCB_MODIFIED, FileRemovePrivs.KillRule.SETATTR_SHOULD_DROP_SUIDGID);

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
    /** The privilege step the checks end with. */
    final FileRemovePrivs.Call privsCall;
    /** Its kill mask's rule. */
    final FileRemovePrivs.KillRule killRule;

    XfsKernel(String alignedWrite, String writeChecks, String zeroEof, String zeroRange, boolean nowaitAware,
            FileRemovePrivs.Call privsCall, FileRemovePrivs.KillRule killRule) {
        this.alignedWrite = alignedWrite;
        this.writeChecks = writeChecks;
        this.zeroEof = zeroEof;
        this.zeroRange = zeroRange;
        this.nowaitAware = nowaitAware;
        this.privsCall = privsCall;
        this.killRule = killRule;
    }
}

package org.locktable.engine.policy;

/**
 * How this kernel's inode operations that race with direct I/O run, where they differ from today's, for the
 * concurrency oracle's truncate, punch and fallocate.
 *
 * @param fallocateSizesBeforeDrain XFS before 249bd9087a52 ("xfs: properly serialise fallocate against AIO+DIO", v5.5):
 *        {@code xfs_file_fallocate} computes the new size from i_size before any drain, allocates, then sets that size
 *        with {@code xfs_vn_setattr_size}, which drains and truncates to it — cutting off an extending AIO write that
 *        completed in between (xfstests generic/586); today it drains first
 */
public record InodeOps(boolean fallocateSizesBeforeDrain) {
    /** Today's kernels. */
    public static final InodeOps TODAY = new InodeOps(false);
}

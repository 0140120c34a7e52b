package org.locktable.engine.policy;

/**
 * What one era of ext4's direct write before iomap (v5.5) does, for {@link Ext4LegacyDioWrite}: each component is a
 * rule a commit added, named by it. Every era takes {@code i_mutex} (inode_lock) exclusive for every write and runs
 * fs/direct-io.c's {@code __blockdev_direct_IO}, which zeroes the partial blocks it maps new
 * ({@link DioZeroing#LEGACY_DIRECT_IO}) and runs an AIO write ending beyond i_size synchronously.
 *
 * @param serialisesUnalignedAio e9e3bcecf44c "ext4: serialize unaligned asynchronous DIO" (v2.6.38): an AIO write not
 *        aligned to the block, on an extent-mapped file, starting below EOF, waits for the inode's pending unwritten
 *        conversions ({@code ext4_aiodio_wait}, later {@code ext4_unwritten_wait}) before it submits
 * @param unalignedBelowRoundedEof 372a03e01853 "ext4: fix data corruption caused by unaligned direct AIO" (v5.1):
 *        {@code ext4_unaligned_aio()} exempts only writes at or beyond the block-rounded EOF
 *        ({@code pos >= ALIGN(i_size, blocksize)}); before it every write at or beyond i_size itself was exempt
 * @param unalignedAioWaits 57a0da28ced8 "ext4: fix data corruption caused by overlapping unaligned and aligned IO"
 *        (v5.2): the unaligned AIO write waits for its own conversion before it unlocks
 * @param overwriteDropsLock 4bd809dbbf17 "ext4: use an overwrite flag to avoid the i_mutex lock in DIO overwrite" (v3.6):
 *        with dioread_nolock an aligned overwrite of one written extent inside i_size runs with i_mutex released
 * @param nowait RWF_NOWAIT (728fbc0e10b7, v4.13): a trylock, and -EAGAIN for any write but such an overwrite;
 *        before it the flag is unknown: -EOPNOTSUPP
 */
public record Ext4DioEra(boolean serialisesUnalignedAio, boolean unalignedBelowRoundedEof, boolean unalignedAioWaits,
        boolean overwriteDropsLock, boolean nowait) {
}

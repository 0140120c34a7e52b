package org.locktable.engine.policy;

/**
 * What one era of XFS's direct write before v5.1 does, for {@link XfsLegacyDioWrite}: each component is a rule a
 * commit added or removed, named by it. An era's policy ({@code xfs-dio-v2.6.36} ... {@code xfs-dio-v4.20}) is one
 * constant of this record; the history of the rules is in each component's comment.
 *
 * @param serialisesUnaligned eda77982729b "xfs: serialise unaligned direct IOs" (v2.6.38): a write not aligned to the
 *        file-system block takes IOLOCK_EXCL and waits for in-flight direct I/O before it submits
 *        ({@code xfs_ioend_wait}, then {@code inode_dio_wait} from v3.1); before it nothing serialised them
 * @param lockChoiceReadsSizeBeforeLock v2.6.38 .. v3.0: the initial lock is exclusive also when {@code pos > i_size} on
 *        an i_size read before locking, and the checks do not relock; v2.6.36 relocked in the write itself, v3.1+ in
 *        the checks ({@link #relocksForEofZeroing})
 * @param relocksForEofZeroing the EOF zeroing ({@code pos > i_size} under the lock) takes IOLOCK_EXCL and restarts
 *        when the write holds it shared
 * @param drainsBeforeEofZeroing 3136e8bb3054 "xfs: always drain dio before extending aio write submission" (v4.3):
 *        {@code inode_dio_wait} before {@code xfs_zero_eof}, so that in-flight completions no longer move i_size
 * @param nosecUpgrade the checks take IOLOCK_EXCL to strip set-id bits ({@code !IS_NOSEC}) (v4.3 here; the exact
 *        release is not pinned)
 * @param pageCacheForcesExclusive before v4.10 (the move to {@code iomap_dio_rw}): a file with pages in the page cache
 *        ({@code mapping->nrpages}, here: delalloc blocks) takes IOLOCK_EXCL to flush and invalidate them
 * @param asyncExtend 6039257378e4 "direct-io: add flag to allow aio writes beyond i_size" with XFS passing
 *        {@code DIO_ASYNC_EXTEND} (v3.15): before it fs/direct-io.c ran every AIO write ending beyond i_size
 *        synchronously ({@code dio->is_async = false})
 * @param nowait RWF_NOWAIT exists (v4.13, b745fafaf70c); before it the flag is unknown: -EOPNOTSUPP
 * @param zeroing the direct-I/O engine's partial-block zeroing
 * @param endIo the completion's order: i_size before the unwritten conversion until ee70daaba82d (v4.14)
 */
public record XfsDioEra(boolean serialisesUnaligned, boolean lockChoiceReadsSizeBeforeLock, boolean relocksForEofZeroing,
        boolean drainsBeforeEofZeroing, boolean nosecUpgrade, boolean pageCacheForcesExclusive, boolean asyncExtend,
        boolean nowait, DioZeroing zeroing, DioEndIo endIo) {

    /** The legacy engine (fs/direct-io.c) ran XFS's direct I/O until v4.10. */
    public boolean legacyEngine() {
        return zeroing == DioZeroing.LEGACY_DIRECT_IO_XFS;
    }
}

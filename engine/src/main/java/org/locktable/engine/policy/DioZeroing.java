package org.locktable.engine.policy;

/**
 * Which partial blocks a direct write zeroes around its data, by the direct-I/O engine of the kernel: the legacy
 * {@code fs/direct-io.c} ({@code dio_zero_block()} for a block {@code get_block} returned {@code buffer_new}) or
 * {@code fs/iomap/direct-io.c} ({@code iomap_dio_bio_iter()}'s {@code need_zeroout}), before and after iomap learnt to
 * zero beyond EOF. The head or tail of a write that is not block-aligned is zeroed with a separate bio when the rule
 * holds for its block.
 */
public enum DioZeroing {
    /**
     * fs/direct-io.c {@code dio_zero_block()} (ext4 up to v5.4): a block {@code get_block} maps new — a hole it
     * allocates, or an unwritten extent, which ext4's {@code ext4_get_block_write} splits and returns
     * {@code EXT4_MAP_NEW}.
     */
    LEGACY_DIRECT_IO("dio_zero_block", false, false),
    /**
     * fs/direct-io.c with XFS's {@code __xfs_get_blocks()} (up to v4.9): new also when the mapped block starts at or
     * beyond i_size ({@code offset >= i_size_read(inode)}: "if we previously allocated a block out beyond eof").
     */
    LEGACY_DIRECT_IO_XFS("dio_zero_block", true, false),
    /** fs/iomap/direct-io.c v4.10 .. v4.19: {@code IOMAP_UNWRITTEN} or {@code IOMAP_F_NEW} only. */
    IOMAP_BEFORE_V4_20("iomap_dio_actor", false, false),
    /**
     * fs/iomap/direct-io.c v4.20+ (b450672fb66b, "iomap: sub-block dio needs to zeroout beyond EOF"): also the tail
     * of a write ending at or beyond i_size, whatever its block.
     */
    IOMAP("iomap_dio_bio_iter", false, true);

    final String function;
    final boolean blockAtOrBeyondEofIsNew;
    final boolean zeroesTailBeyondEof;

    DioZeroing(String function, boolean blockAtOrBeyondEofIsNew, boolean zeroesTailBeyondEof) {
        this.function = function;
        this.blockAtOrBeyondEofIsNew = blockAtOrBeyondEofIsNew;
        this.zeroesTailBeyondEof = zeroesTailBeyondEof;
    }
}

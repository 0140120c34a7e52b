package org.locktable.engine.decision;

/** Journal handles and transactions a write starts (spec §3.5). */
public enum TxKind {
    /** ext4 extending DIO: {@code ext4_journal_start} + {@code ext4_orphan_add} at submission. */
    ORPHAN("O"),
    /** ext4 {@code ext4_iomap_alloc}: one {@code EXT4_HT_MAP_BLOCKS} handle per segment. */
    MAP_BLOCKS("M"),
    /** XFS {@code xfs_iomap_write_direct}: one allocation transaction per hole segment. */
    ALLOCATE("A"),
    /** Unwritten to written conversion at completion. */
    CONVERT("C:cv"),
    /** Size update at completion ({@code ext4_handle_inode_extension} from end_io, {@code xfs_setfilesize}). */
    SIZE_AT_COMPLETION("C:sz"),
    /** Pre-6.7 ext4 size update after {@code iomap_dio_rw} returns, under the lock. */
    SIZE_AFTER_DIO("P:sz"),
    /** XFS EOF zeroing of {@code [i_size, pos)} through the page cache. */
    EOF_PAGECACHE_ZERO("Zpc"),
    /** ext4 buffered {@code ext4_da_do_write_end} handle. */
    WRITE_END_HANDLE("H:we");

    private final String code;

    TxKind(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}

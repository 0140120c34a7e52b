package org.locktable.engine.decision;

/** Journal handles and transactions a write starts (spec §3.5). */
public enum TxKind {
    /** ext4 extending DIO: {@code ext4_journal_start} + {@code ext4_orphan_add} at submission. */
    ORPHAN("O", "ext4 extending DIO: a journal handle and orphan-list entry at submission"),
    /** ext4 {@code ext4_iomap_alloc}: one {@code EXT4_HT_MAP_BLOCKS} handle per segment. */
    MAP_BLOCKS("M", "ext4 EXT4_HT_MAP_BLOCKS handles, one per allocating segment; the number is the count (M2)"),
    /** XFS {@code xfs_iomap_write_direct}: one allocation transaction per hole segment. */
    ALLOCATE("A", "XFS allocation transactions, one per hole segment; the number is the count (A1)"),
    /** Unwritten to written conversion at completion. */
    CONVERT("C:cv", "at completion: unwritten extents converted to written"),
    /** Size update at completion ({@code ext4_handle_inode_extension} from end_io, {@code xfs_setfilesize}). */
    SIZE_AT_COMPLETION("C:sz", "at completion: i_size updated"),
    /** Pre-6.7 ext4 size update after {@code iomap_dio_rw} returns, under the lock. */
    SIZE_AFTER_DIO("P:sz", "pre-6.7 ext4: i_size updated after iomap_dio_rw returns, under the lock"),
    /** XFS EOF zeroing of {@code [i_size, pos)} through the page cache. */
    EOF_PAGECACHE_ZERO("Zpc", "XFS zeroes [i_size, pos) through the page cache before the write: Zpc[from,to), "
            + "Zpc[] when the range held only holes and unwritten blocks"),
    /** ext4 buffered {@code ext4_da_do_write_end} handle. */
    WRITE_END_HANDLE("H:we", "ext4 buffered: the ext4_da_do_write_end journal handle"),
    /** {@code file_remove_privs}: {@code notify_change(ATTR_KILL_SUID/SGID)} clears the set-id bits before the write. */
    KILL_PRIVS("K:id", "file_remove_privs: notify_change clears the set-id bits in a transaction before the write "
            + "(an unprivileged caller on a set-uid or set-gid file)");

    private final String code;
    private final String description;

    TxKind(String code, String description) {
        this.code = code;
        this.description = description;
    }

    /** One line for {@code decide --help}. */
    public String description() {
        return description;
    }

    public String code() {
        return code;
    }
}

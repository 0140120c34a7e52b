package org.locktable.concurrency;

/** Where one operation is in its {@code ->write_iter}, in kernel order. */
enum Phase {
    /** Not started; XFS's unaligned path reads i_size first, before the lock. */
    START,
    /** About to take the inode lock. */
    LOCKING,
    /** Holding the lock; drains if the policy says so. */
    LOCKED,
    /** Drained (or no drain needed): the next step maps and submits. */
    READY,
    /** Bios in flight, the caller still inside iomap_dio_rw (sync or FORCE_WAIT) or already returned (queued). */
    SUBMITTED,
    /** end_io ran (conversion, i_size); inode_dio_end is next. */
    COMPLETED,
    /** inode_dio_end ran. */
    DIO_ENDED
}

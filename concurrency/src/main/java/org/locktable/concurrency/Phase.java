package org.locktable.concurrency;

/** Where one operation is in its {@code ->write_iter}, in kernel order. */
enum Phase {
    /** Not started; XFS's unaligned path reads i_size first, before the lock. */
    START,
    /** About to take the inode lock (again, after a restart). */
    LOCKING,
    /** Queued on the rwsem for {@link OpState#want()}. */
    WAITING,
    /** Holding the lock; drains if the policy says so. */
    LOCKED,
    /** Drained (or no drain needed): the next step maps and submits. */
    READY,
    /** Bios in flight, the caller still inside iomap_dio_rw (sync or FORCE_WAIT) or already returned (queued). */
    SUBMITTED,
    /** end_io set i_size and has the unwritten conversion still to do ({@code DioEndIo.SIZE_THEN_CONVERT}). */
    SIZED,
    /** end_io ran (conversion, i_size); inode_dio_end is next. */
    COMPLETED,
    /** inode_dio_end ran; for a buffered write: returned, and its fsync (if any) waited for its writeback. */
    DIO_ENDED,
    /** A buffered write copied into the page cache, the lock still held. */
    COPIED,
    /** A buffered write returned; its fsync is next. */
    FSYNC,
    /** fsync's writeback bios in flight (not direct I/O: inode_dio_wait does not wait for them). */
    WRITEBACK,
    /** A truncate, punch or fallocate did its work, the lock still held. */
    APPLIED
}

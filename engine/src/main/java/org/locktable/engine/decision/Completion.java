package org.locktable.engine.decision;

/** Whether the submitter waits for the I/O inside the call. */
public enum Completion {
    /** Sync kiocb or IOMAP_DIO_FORCE_WAIT: the I/O (and end_io) finish before the call returns. */
    WAITED,
    /** Async kiocb: -EIOCBQUEUED, the lock is dropped while bios are in flight. */
    QUEUED,
    /** Nothing was submitted by the DIO layer: refused, or a buffered copy into the page cache. */
    NONE
}

package org.locktable.engine.decision;

/** Whether the submitter waits for the I/O inside the call. */
public enum Completion {
    /** Sync kiocb or IOMAP_DIO_FORCE_WAIT: the I/O (and end_io) finish before the call returns. */
    WAITED("the I/O and its completion finish before the call returns (sync kiocb or IOMAP_DIO_FORCE_WAIT)"),
    /** Async kiocb: -EIOCBQUEUED, the lock is dropped while bios are in flight. */
    QUEUED("-EIOCBQUEUED: the call returns, and drops the lock, with the bios in flight (async kiocb)"),
    /** Nothing was submitted by the DIO layer: refused, or a buffered copy into the page cache. */
    NONE("the DIO layer submitted nothing: refused, or a buffered copy into the page cache");

    private final String description;

    Completion(String description) {
        this.description = description;
    }

    /** One line for {@code decide --help}. */
    public String description() {
        return description;
    }
}

package org.locktable.engine.decision;

/** How a policy came to retry with a stronger lock. */
public enum Retry {
    NONE,
    /** ext4 `goto restart`: relocked exclusive, all checks and lookups redone. */
    CHECKS_RESTART,
    /** XFS `iomap_dio_rw` returned -EAGAIN under the shared lock; resubmitted exclusive. */
    DIO_EAGAIN_RETRY
}

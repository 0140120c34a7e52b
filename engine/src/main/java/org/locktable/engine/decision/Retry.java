package org.locktable.engine.decision;

/** How a policy came to retry with a stronger lock. */
public enum Retry {
    NONE("no retry"),
    /** ext4 `goto restart`: relocked exclusive, all checks and lookups redone. */
    CHECKS_RESTART("ext4 'goto restart': unlocked, relocked exclusive, every check and lookup redone"),
    /** XFS `iomap_dio_rw` returned -EAGAIN under the shared lock; resubmitted exclusive. */
    DIO_EAGAIN_RETRY("XFS: iomap_dio_rw returned -EAGAIN under the shared lock; unlocked and resubmitted exclusive");

    private final String description;

    Retry(String description) {
        this.description = description;
    }

    /** One line for {@code decide --help}. */
    public String description() {
        return description;
    }
}

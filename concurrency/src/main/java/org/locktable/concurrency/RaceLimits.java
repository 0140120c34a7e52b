package org.locktable.concurrency;

/** The one size limit of a race the oracle explores, wherever the race comes from (command line or {@code @Concurrent}). */
public final class RaceLimits {
    /** The most blocks a raced file may have. */
    public static final long MAX_FILE_BLOCKS = 64;

    /** Why: what {@link #MAX_FILE_BLOCKS} protects. */
    public static final String REASON = "every explored state holds a copy of the file's sectors, and every record an "
            + "operation touches is a bio that may complete in any order";

    private RaceLimits() {
    }
}

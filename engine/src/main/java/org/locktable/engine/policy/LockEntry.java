package org.locktable.engine.policy;

/**
 * How a write reaches the inode lock when other operations may run between its steps (the concurrency oracle): the
 * {@code i_size} its path read before locking, and whether its checks are being re-run under the exclusive lock after a
 * {@code goto restart} (or XFS's {@code retry_exclusive}). A plain decision is {@link #FIRST}: the size read before the
 * lock is the inode's, and the path runs from its start.
 *
 * @param preLockSize the i_size the path read before locking, or {@code -1} for the inode's own
 * @param restarted the checks run again holding the exclusive lock, as after a restart
 */
public record LockEntry(long preLockSize, boolean restarted) {
    public static final LockEntry FIRST = new LockEntry(-1, false);
    /** The checks re-run under the exclusive lock after a restart. */
    public static final LockEntry RESTARTED = new LockEntry(-1, true);

    /** The path read {@code size} before it locked. */
    public static LockEntry sizeReadBeforeLock(long size) {
        return new LockEntry(size, false);
    }
}

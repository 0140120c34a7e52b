package org.locktable.engine.policy;

/**
 * The kernel write path a policy is built on, as the concurrency oracle replays it step by step: where the path reads
 * {@code i_size} before locking, how it restarts, what it does once it holds the lock. The oracle asks the policy itself
 * at each step (its first lock from the i_size read before locking, {@link LockEntry}; its checks against the file as
 * it is when the lock is granted; its checks re-run under the exclusive lock after a restart); the steps say only which
 * C skeleton strings those questions together. A policy built on {@link Ext4FileWriteIter} or {@link XfsDioWrite}
 * inherits its steps; a policy written from scratch declares them ({@link Policy#lockSteps()}) or the oracle refuses it.
 */
public enum LockSteps {
    /**
     * fs/ext4/file.c {@code ext4_dio_write_iter()} (v5.5+): the first lock from the path's quick check (an i_size read
     * before locking where the policy reads {@link DecisionBuilder#preLockSize()}), {@code ext4_dio_write_checks()}
     * against the file once it is held, and a {@code goto restart} that unlocks, takes the lock exclusive and runs the
     * checks again ({@link DecisionBuilder#restarted()}); a downgrade where the path downgrades.
     */
    EXT4_DIO_WRITE_ITER(FileSystem.EXT4, "ext4-buffered-bh", "ext4_dio_write_iter", "ext4_dio_write_checks"),
    /**
     * fs/xfs/xfs_file.c {@code xfs_file_dio_write()} (v4.14+): aligned writes shared, {@code xfs_file_write_checks()}
     * upgrading and restarting for EOF zeroing, {@code xfs_ilock_demote()} after; unaligned writes exclusive (drained,
     * waited) or, where the path says so, shared with {@code IOMAP_DIO_OVERWRITE_ONLY} and {@code retry_exclusive}.
     */
    XFS_FILE_DIO_WRITE(FileSystem.XFS, "xfs-buffered", "xfs_ilock_iocb_for_write", "xfs_file_write_checks"),
    /**
     * fs/xfs/xfs_file.c {@code xfs_file_aio_write()} / {@code xfs_file_dio_aio_write()} before v5.1
     * ({@link XfsLegacyDioWrite}): the first lock from the policy (unaligned, cached pages, or pos beyond an i_size read
     * before locking), the checks' relock for EOF zeroing, a demote before the I/O where the policy demotes; no
     * overwrite-only path.
     */
    XFS_FILE_AIO_WRITE(FileSystem.XFS, "xfs-buffered", "xfs_rw_ilock", "xfs_file_aio_write_checks"),
    /** A policy written from scratch that declares no kernel skeleton: the oracle cannot replay its steps. */
    UNDECLARED(null, null, "->write_iter", "->write_iter");

    private final FileSystem fileSystem;
    private final String bufferedCompanion;
    private final String lockSite;
    private final String checksSite;

    LockSteps(FileSystem fileSystem, String bufferedCompanion, String lockSite, String checksSite) {
        this.fileSystem = fileSystem;
        this.bufferedCompanion = bufferedCompanion;
        this.lockSite = lockSite;
        this.checksSite = checksSite;
    }

    /** The file system of the skeleton; null for {@link #UNDECLARED}. */
    public FileSystem fileSystem() {
        return fileSystem;
    }

    /** The built-in buffered policy whose writes race with this path's by default (the mainline one of its file system). */
    public String bufferedCompanion() {
        return bufferedCompanion;
    }

    /** The C function that takes the lock, for timelines. */
    public String lockSite() {
        return lockSite;
    }

    /** The C function whose checks restart, for timelines. */
    public String checksSite() {
        return checksSite;
    }
}

package org.locktable.engine.policy;

import org.locktable.engine.decision.Lock;

/**
 * The inode lock a read takes in this kernel, for the concurrency oracle's reads: a direct read
 * ({@code ext4_dio_read_iter}: {@code inode_lock_shared} from v4.9; {@code xfs_file_dio_read}: IOLOCK_SHARED) and a
 * buffered read ({@code ext4_file_read_iter} → {@code generic_file_read_iter}: none; {@code xfs_file_buffered_read}:
 * IOLOCK_SHARED). {@link Lock#NONE}: the read runs whatever the writers hold.
 *
 * @param directRead the lock a direct read holds from before it samples i_size until it returns
 * @param bufferedRead the lock a buffered read holds while it copies from the page cache
 * @param notModelled why this kernel's reads cannot be replayed yet; null when they can
 */
public record ReadLocks(Lock directRead, Lock bufferedRead, String notModelled) {
    public ReadLocks(Lock directRead, Lock bufferedRead) {
        this(directRead, bufferedRead, null);
    }

    /** Today's kernels of {@code fs}. */
    public static ReadLocks of(FileSystem fs) {
        return fs == FileSystem.XFS ? new ReadLocks(Lock.SHARED, Lock.SHARED) : new ReadLocks(Lock.SHARED, Lock.NONE);
    }

    /** A kernel whose read path the model does not have: races with reads are refused with {@code why}. */
    public static ReadLocks notModelled(String why) {
        return new ReadLocks(Lock.NONE, Lock.NONE, why);
    }
}

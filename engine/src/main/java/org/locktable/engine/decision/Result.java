package org.locktable.engine.decision;

/** What the write system call returns (as far as the lock path decides it). */
public enum Result {
    OK, EAGAIN, EINVAL, EOPNOTSUPP,
    /** ext4 cannot do direct I/O on this inode and hands the write to its buffered path. */
    FALLBACK_BUFFERED
}

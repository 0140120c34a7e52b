package org.locktable.engine.decision;

/** Why the write waits for in-flight direct I/O (`inode_dio_wait`) before mapping. */
public enum DrainReason {
    NONE,
    /** Sub-block zeroing of a partial block could race with other in-flight DIO. */
    UNALIGNED,
    /** Zeroing between the old EOF and the write start (XFS `xfs_file_write_zero_eof`). */
    EOF_ZEROING
}

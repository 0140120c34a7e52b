package org.locktable.engine.decision;

/** Why the write waits for in-flight direct I/O (`inode_dio_wait`) before mapping. */
public enum DrainReason {
    NONE("no drain"),
    /** Sub-block zeroing of a partial block could race with other in-flight DIO. */
    UNALIGNED("sub-block zeroing of a partial block could race with other in-flight direct I/O"),
    /** Zeroing between the old EOF and the write start (XFS `xfs_file_write_zero_eof`). */
    EOF_ZEROING("XFS zeroes [i_size, pos) first, so in-flight size updates must finish"),
    /** A buffered write waits for in-flight direct I/O before dirtying pages (Debian's 6.12.117 ext4). */
    BUFFERED_WRITE("a buffered write waits for in-flight direct I/O before it dirties pages");

    private final String description;

    DrainReason(String description) {
        this.description = description;
    }

    /** One line for {@code decide --help}. */
    public String description() {
        return description;
    }
}

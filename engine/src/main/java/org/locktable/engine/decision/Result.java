package org.locktable.engine.decision;

/** What the write system call returns (as far as the lock path decides it). */
public enum Result {
    OK("the write goes ahead"),
    EAGAIN("-EAGAIN: refused without blocking (a RWF_NOWAIT write that would have to wait)"),
    EINVAL("-EINVAL: refused (misaligned to the device's sectors or DMA alignment)"),
    EOPNOTSUPP("-EOPNOTSUPP: a flag this kernel does not support"),
    /** ext4 cannot do direct I/O on this inode and hands the write to its buffered path. */
    FALLBACK_BUFFERED("ext4 cannot do direct I/O here and hands the write to its buffered path");

    private final String description;

    Result(String description) {
        this.description = description;
    }

    /** One line for legends and {@code decide --help}. */
    public String description() {
        return description;
    }
}

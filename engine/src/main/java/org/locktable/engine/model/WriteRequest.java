package org.locktable.engine.model;

/**
 * One write system call (spec §1.2): where, how long, and the flags that reach the file system.
 * {@link #builder(long, long)} takes offset and length; {@link Builder#build()} validates.
 */
public final class WriteRequest {
    /** Largest write end: {@code MAX_LFS_FILESIZE} less a 64 KiB block, so a rounded-up end still fits a {@code long}. */
    public static final long MAX_END = Long.MAX_VALUE - (1L << 16) + 1;

    private final long offset;
    private final long length;
    private final boolean direct;
    private final boolean async;
    private final boolean nowait;
    private final boolean dsync;
    private final long bufferAlignment;
    private final boolean writethrough;
    private final boolean noserial;
    private final boolean unprivileged;

    private WriteRequest(Builder b) {
        this.offset = b.offset;
        this.length = b.length;
        this.direct = b.direct;
        this.async = b.async;
        this.nowait = b.nowait;
        this.dsync = b.dsync;
        this.bufferAlignment = b.bufferAlignment;
        this.writethrough = b.writethrough;
        this.noserial = b.noserial;
        this.unprivileged = b.unprivileged;
    }

    /** A synchronous O_DIRECT write with a page-aligned buffer, as {@code pwrite(2)} on an O_DIRECT fd. */
    public static Builder builder(long offset, long length) {
        return new Builder(offset, length);
    }

    public Builder toBuilder() {
        return new Builder(offset, length).direct(direct).async(async).nowait(nowait).dsync(dsync)
                .bufferAlignment(bufferAlignment).writethrough(writethrough).noserial(noserial).unprivileged(unprivileged);
    }

    /** {@code iocb->ki_pos}. */
    public long offset() {
        return offset;
    }

    /** {@code iov_iter_count(from)}. */
    public long length() {
        return length;
    }

    public long end() {
        return offset + length;
    }

    /** {@code IOCB_DIRECT}. */
    public boolean direct() {
        return direct;
    }

    /** {@code !is_sync_kiocb(iocb)}: libaio or io_uring. */
    public boolean async() {
        return async;
    }

    /** {@code IOCB_NOWAIT} (RWF_NOWAIT). */
    public boolean nowait() {
        return nowait;
    }

    /** O_DSYNC / RWF_DSYNC: where the flush happens, never the lock decision. */
    public boolean dsync() {
        return dsync;
    }

    /** The largest power of two dividing the user buffer's address (and length). */
    public long bufferAlignment() {
        return bufferAlignment;
    }

    public boolean writethrough() {
        return writethrough;
    }

    public boolean noserial() {
        return noserial;
    }

    /**
     * The caller lacks {@code CAP_FSETID} and is not in the file's group (an ordinary user writing another user's
     * file): {@code setattr_should_drop_suidgid()} then asks the write to strip a set-id mode. False (the default):
     * the caller has {@code CAP_FSETID}, as root does.
     */
    public boolean unprivileged() {
        return unprivileged;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder().append(direct ? "O_DIRECT" : "buffered").append(" write offset=")
                .append(offset).append(" len=").append(length);
        if (async) {
            s.append(" async");
        }
        if (nowait) {
            s.append(" RWF_NOWAIT");
        }
        if (dsync) {
            s.append(" O_DSYNC");
        }
        if (writethrough) {
            s.append(" RWF_WRITETHROUGH");
        }
        if (noserial) {
            s.append(" RWF_NOSERIAL");
        }
        if (bufferAlignment != 4096) {
            s.append(" buffer-align=").append(bufferAlignment);
        }
        if (unprivileged) {
            s.append(" unprivileged");
        }
        return s.toString();
    }

    public static final class Builder {
        private final long offset;
        private final long length;
        private boolean direct = true;
        private boolean async;
        private boolean nowait;
        private boolean dsync;
        private long bufferAlignment = 4096;
        private boolean writethrough;
        private boolean noserial;
        private boolean unprivileged;

        private Builder(long offset, long length) {
            this.offset = offset;
            this.length = length;
        }

        public Builder direct(boolean v) {
            direct = v;
            return this;
        }

        public Builder async(boolean v) {
            async = v;
            return this;
        }

        public Builder nowait(boolean v) {
            nowait = v;
            return this;
        }

        public Builder dsync(boolean v) {
            dsync = v;
            return this;
        }

        public Builder bufferAlignment(long v) {
            bufferAlignment = v;
            return this;
        }

        public Builder writethrough(boolean v) {
            writethrough = v;
            return this;
        }

        public Builder noserial(boolean v) {
            noserial = v;
            return this;
        }

        /** The caller has no {@code CAP_FSETID} and is not in the file's group. */
        public Builder unprivileged(boolean v) {
            unprivileged = v;
            return this;
        }

        public WriteRequest build() throws InvalidInputException {
            if (offset < 0) {
                throw new InvalidInputException("offset", "offset " + offset + " is negative");
            }
            if (length <= 0) {
                throw new InvalidInputException("len", "length " + length + " must be at least 1 byte");
            }
            if (offset > MAX_END - length) {
                throw new InvalidInputException("len", "offset " + offset + " + length " + length
                        + " ends beyond the largest file offset locktable models (2^63 - 2^16)");
            }
            if (!Inode.isPowerOfTwo(bufferAlignment)) {
                throw new InvalidInputException("bufferAlignment", "buffer alignment " + bufferAlignment
                        + " must be a power of two");
            }
            return new WriteRequest(this);
        }
    }
}

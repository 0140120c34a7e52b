package org.locktable.engine.model;

/**
 * The inode state a write meets (spec §1.1): block map, block and device sizes, {@code i_size},
 * ext4's {@code i_disksize}, {@code IS_NOSEC}, and the ext4 mount facts older policies read.
 * Build with {@link #builder(Layout)}; {@link Builder#build()} validates.
 */
public final class Inode {
    public static final int MIN_BLOCK_SIZE = 512;
    public static final int MAX_BLOCK_SIZE = 65536;
    /** The mode of a file no write needs to strip: {@code rw-r--r--}. */
    public static final int DEFAULT_MODE = 0644;

    private final Layout layout;
    private final int blockSize;
    private final int blockBits;
    private final int logicalBlockSize;
    private final int dmaAlignment;
    private final long size;
    private final long diskSize;
    private final boolean nosec;
    private final int mode;
    private final boolean dioreadNolock;
    private final boolean dioSupported;

    private Inode(Builder b, long size, long diskSize) {
        this.layout = b.layout;
        this.blockSize = b.blockSize;
        this.blockBits = Integer.numberOfTrailingZeros(b.blockSize);
        this.logicalBlockSize = b.logicalBlockSize;
        this.dmaAlignment = b.dmaAlignment == 0 ? b.logicalBlockSize : b.dmaAlignment;
        this.size = size;
        this.diskSize = diskSize;
        this.nosec = b.nosec;
        this.mode = b.mode;
        this.dioreadNolock = b.dioreadNolock;
        this.dioSupported = b.dioSupported;
    }

    /** A builder with the spec's defaults: 4 KiB blocks, 512-byte sectors, {@code i_size} = layout end. */
    public static Builder builder(Layout layout) {
        return new Builder(layout);
    }

    public Builder toBuilder() {
        return new Builder(layout).blockSize(blockSize).logicalBlockSize(logicalBlockSize).dmaAlignment(dmaAlignment)
                .size(size).diskSize(diskSize).nosec(nosec).mode(mode).dioreadNolock(dioreadNolock)
                .dioSupported(dioSupported);
    }

    public Layout layout() {
        return layout;
    }

    public int blockSize() {
        return blockSize;
    }

    /** {@code inode->i_blkbits}. */
    public int blockBits() {
        return blockBits;
    }

    public int logicalBlockSize() {
        return logicalBlockSize;
    }

    public int dmaAlignment() {
        return dmaAlignment;
    }

    /** {@code i_size}. */
    public long size() {
        return size;
    }

    /** ext4 {@code i_disksize}. */
    public long diskSize() {
        return diskSize;
    }

    /**
     * {@code IS_NOSEC(inode)}: no privilege stripping needed on write. Never true for a set-id file ({@link #sxid()}):
     * {@code notify_change()} clears S_NOSEC when it sets such a mode and {@code inode_has_no_xattr()} (fs/inode.c,
     * include/linux/fs.h) sets it only for a mode that is not {@code is_sxid()}.
     */
    public boolean nosec() {
        return nosec && !sxid();
    }

    /** The permission bits of {@code i_mode} ({@code 07777}); {@code 0644} unless given. */
    public int mode() {
        return mode;
    }

    /** {@code S_ISUID}. */
    public boolean setuid() {
        return (mode & 04000) != 0;
    }

    /** {@code S_ISGID}. */
    public boolean setgid() {
        return (mode & 02000) != 0;
    }

    /** {@code S_IXGRP}: with {@link #setgid()} a real set-gid file; without it a mandatory-locking mark. */
    public boolean groupExec() {
        return (mode & 00010) != 0;
    }

    /** {@code is_sxid(mode)} (include/linux/fs.h): set-uid, or set-gid with group-exec. */
    public boolean sxid() {
        return setuid() || (setgid() && groupExec());
    }

    public boolean dioreadNolock() {
        return dioreadNolock;
    }

    /** ext4 {@code ext4_should_use_dio()}. */
    public boolean dioSupported() {
        return dioSupported;
    }

    /** The same inode over another block map ({@code i_size} and {@code i_disksize} unchanged). */
    public Inode withLayout(Layout newLayout) {
        Builder b = toBuilder();
        b.layout = newLayout;
        return new Inode(b, size, diskSize);
    }

    @Override
    public String toString() {
        return "layout=\"" + layout + "\" bs=" + blockSize + " lbs=" + logicalBlockSize + " i_size=" + size
                + (diskSize != size ? " i_disksize=" + diskSize : "") + ((mode & 06000) != 0 ? " mode=" + octal(mode) : "")
                + (nosec() ? "" : " !IS_NOSEC");
    }

    /** {@code mode} as four octal digits: {@code 4755}. */
    public static String octal(int mode) {
        String s = Integer.toOctalString(mode);
        return "0000".substring(Math.min(4, s.length())) + s;
    }

    public static final class Builder {
        private Layout layout;
        private int blockSize = 4096;
        private int logicalBlockSize = 512;
        private int dmaAlignment;
        private long size;
        private boolean sizeSet;
        private long diskSize;
        private boolean diskSizeSet;
        private boolean nosec = true;
        private int mode = DEFAULT_MODE;
        private boolean dioreadNolock = true;
        private boolean dioSupported = true;

        private Builder(Layout layout) {
            this.layout = layout;
        }

        public Builder blockSize(int v) {
            blockSize = v;
            return this;
        }

        public Builder logicalBlockSize(int v) {
            logicalBlockSize = v;
            return this;
        }

        /** The device's DMA alignment for user buffers; defaults to the logical block size. */
        public Builder dmaAlignment(int v) {
            dmaAlignment = v;
            return this;
        }

        /** {@code i_size}; defaults to the end of the layout. */
        public Builder size(long v) {
            size = v;
            sizeSet = true;
            return this;
        }

        /** ext4 {@code i_disksize}; defaults to {@code i_size}. */
        public Builder diskSize(long v) {
            diskSize = v;
            diskSizeSet = true;
            return this;
        }

        public Builder nosec(boolean v) {
            nosec = v;
            return this;
        }

        /** The permission bits of {@code i_mode}, {@code 0} .. {@code 07777} (set-uid {@code 04000}, set-gid {@code 02000}). */
        public Builder mode(int v) {
            mode = v;
            return this;
        }

        public Builder dioreadNolock(boolean v) {
            dioreadNolock = v;
            return this;
        }

        public Builder dioSupported(boolean v) {
            dioSupported = v;
            return this;
        }

        public Inode build() throws InvalidInputException {
            if (layout == null) {
                throw new InvalidInputException("layout", "no layout given");
            }
            if (mode < 0 || mode > 07777) {
                throw new InvalidInputException("mode", "mode " + Integer.toOctalString(mode)
                        + " is not a permission mode (octal 0000 to 7777)");
            }
            if (!isPowerOfTwo(blockSize) || blockSize < MIN_BLOCK_SIZE || blockSize > MAX_BLOCK_SIZE) {
                throw new InvalidInputException("blockSize", "block size " + blockSize
                        + " must be a power of two from " + MIN_BLOCK_SIZE + " to " + MAX_BLOCK_SIZE);
            }
            if (!isPowerOfTwo(logicalBlockSize) || logicalBlockSize < 512 || logicalBlockSize > blockSize) {
                throw new InvalidInputException("lbs", "logical block size " + logicalBlockSize
                        + " must be a power of two from 512 to the block size " + blockSize);
            }
            if (dmaAlignment != 0 && !isPowerOfTwo(dmaAlignment)) {
                throw new InvalidInputException("dmaAlignment", "DMA alignment " + dmaAlignment + " must be a power of two");
            }
            if (layout.blocks() > Long.MAX_VALUE / blockSize) {
                throw new InvalidInputException("layout", "layout of " + layout.blocks() + " blocks of " + blockSize
                        + " bytes does not fit in a 64-bit file offset");
            }
            long iSize = sizeSet ? size : layout.blocks() * blockSize;
            if (iSize < 0) {
                throw new InvalidInputException("size", "file size " + iSize + " is negative");
            }
            if (iSize > WriteRequest.MAX_END) {
                throw new InvalidInputException("size", "file size " + iSize
                        + " is beyond the largest file offset locktable models (2^63 - 2^16)");
            }
            long iDiskSize = diskSizeSet ? diskSize : iSize;
            if (iDiskSize < 0) {
                throw new InvalidInputException("diskSize", "i_disksize " + iDiskSize + " is negative");
            }
            if (iDiskSize > iSize) {
                throw new InvalidInputException("diskSize", "i_disksize " + iDiskSize + " is larger than i_size " + iSize);
            }
            return new Inode(this, iSize, iDiskSize);
        }
    }

    static boolean isPowerOfTwo(long v) {
        return v > 0 && (v & (v - 1)) == 0;
    }
}

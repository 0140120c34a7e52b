package org.locktable.concurrency;

import java.util.Arrays;
import java.util.List;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/**
 * The inode as every task sees it at one moment: block states, i_size, per sector what the disk holds, and the page
 * cache: per sector what a cached page holds ({@link #NOT_CACHED} when its block has no page) and per block whether
 * that page is dirty. A page is one block (bs = PAGE_SIZE). Immutable.
 */
public final class FileState {
    static final byte NOT_CACHED = -1;
    private final int blockSize;
    private final BlockState[] blocks;
    private final long size;
    private final byte[] disk;
    private final byte[] cache;
    private final boolean[] dirty;
    private int hash;
    private String letters;
    private long code = -1;

    private FileState(int blockSize, BlockState[] blocks, long size, byte[] disk, byte[] cache, boolean[] dirty) {
        this.blockSize = blockSize;
        this.blocks = blocks;
        this.size = size;
        this.disk = disk;
        this.cache = cache;
        this.dirty = dirty;
    }

    private FileState(int blockSize, BlockState[] blocks, long size, byte[] disk) {
        this(blockSize, blocks, size, disk, noCache(disk.length), new boolean[blocks.length]);
    }

    private static byte[] noCache(int sectors) {
        byte[] c = new byte[sectors];
        Arrays.fill(c, NOT_CACHED);
        return c;
    }

    /** The starting file, {@code blocks} blocks long (holes past the layout): written blocks hold the original bytes up to i_size. */
    public static FileState initial(Inode inode, long blocks) {
        int bs = inode.blockSize();
        BlockState[] states = new BlockState[(int) blocks];
        byte[] disk = new byte[(int) (blocks * bs / Sector.SIZE)];
        for (int b = 0; b < blocks; b++) {
            states[b] = b < inode.layout().blocks() ? inode.layout().stateAt(b) : BlockState.HOLE;
            Arrays.fill(disk, b * bs / Sector.SIZE, (b + 1) * bs / Sector.SIZE,
                    states[b] == BlockState.WRITTEN ? Sector.ORIGINAL : Sector.STALE);
        }
        // Past i_size a written block holds zeros: truncate zeroes the EOF block's tail (ext4_block_truncate_page,
        // iomap_truncate_page) and every write past EOF zeroes its own, the invariant the EOF tail rule keeps.
        for (long s = (inode.size() + Sector.SIZE - 1) / Sector.SIZE; s < disk.length; s++) {
            if (states[(int) (s * Sector.SIZE / bs)] == BlockState.WRITTEN) {
                disk[(int) s] = Sector.ZERO;
            }
        }
        return new FileState(bs, states, inode.size(), disk);
    }

    /** The starting file of a race: the layout's blocks, and holes up to the end of the last operation. */
    static FileState initial(Inode inode, List<Operation> ops) {
        long bytes = inode.layout().blocks() * inode.blockSize();
        for (Operation op : ops) {
            bytes = Math.max(bytes, op.end());
        }
        return initial(inode, (bytes + inode.blockSize() - 1) / inode.blockSize());
    }

    /**
     * A file as read back from a kernel: {@code size} bytes with the given per-sector values, every block written (a
     * read after remount sees zeros where nothing is), at least {@code like}'s blocks long.
     */
    static FileState readBack(FileState like, long size, byte[] sectors) {
        int perBlock = like.blockSize / Sector.SIZE;
        int blocks = Math.max(like.blocks.length, (sectors.length + perBlock - 1) / perBlock);
        BlockState[] states = new BlockState[blocks];
        Arrays.fill(states, BlockState.WRITTEN);
        byte[] disk = new byte[blocks * perBlock];
        Arrays.fill(disk, Sector.ZERO);
        System.arraycopy(sectors, 0, disk, 0, sectors.length);
        return new FileState(like.blockSize, states, size, disk);
    }

    public int blockSize() {
        return blockSize;
    }

    public long size() {
        return size;
    }

    public int sectors() {
        return disk.length;
    }

    public BlockState block(long b) {
        return blocks[(int) b];
    }

    /** The engine's view of this file with {@code iSize} as the size the task read. */
    Inode inode(Inode template, long iSize) {
        Layout.Builder layout = Layout.builder().blocks(blocks.length);
        for (int b = 0; b < blocks.length; b++) {
            layout.record(b, 1, blocks[b]);
        }
        try {
            return template.withLayout(layout.build()).toBuilder().size(iSize).diskSize(iSize).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("the model built an invalid inode: " + e.getMessage(), e);
        }
    }

    FileState withBlock(long b, BlockState state) {
        BlockState[] copy = blocks.clone();
        copy[(int) b] = state;
        return new FileState(blockSize, copy, size, disk, cache, dirty);
    }

    FileState withSize(long newSize) {
        return new FileState(blockSize, blocks, newSize, disk, cache, dirty);
    }

    /** The bio's bytes reach the platter. */
    FileState written(Bio bio) {
        byte[] copy = disk.clone();
        int first = (int) (bio.start() / Sector.SIZE);
        for (int s = first; s < bio.end() / Sector.SIZE; s++) {
            copy[s] = bio.sector(s - first);
        }
        return new FileState(blockSize, blocks, size, copy, cache, dirty);
    }

    private int sectorsPerBlock() {
        return blockSize / Sector.SIZE;
    }

    public boolean cached(long b) {
        return cache[(int) b * sectorsPerBlock()] != NOT_CACHED;
    }

    public boolean dirty(long b) {
        return dirty[(int) b];
    }

    /** The cached page of block {@code b}, a sector value each. */
    byte[] page(long b) {
        int first = (int) b * sectorsPerBlock();
        return Arrays.copyOfRange(cache, first, first + sectorsPerBlock());
    }

    /**
     * Brings block {@code b}'s page into the cache as a read would fill it now (iomap_read_folio, block_read_full_folio):
     * the disk's current sectors of a written block, zeros past i_size and for unwritten blocks and holes. A sector
     * {@code underDirectWrite} marks (a submitted, not completed direct write has a bio over it) is read as a
     * {@link Sector#STALE_COPY}: the copy may miss the direct write's bytes (the README's collision).
     */
    FileState pageRead(long b, boolean[] underDirectWrite) {
        if (cached(b)) {
            return this;
        }
        byte[] c = cache.clone();
        for (int s = (int) b * sectorsPerBlock(); s < (b + 1) * sectorsPerBlock(); s++) {
            byte v = blocks[(int) b] == BlockState.WRITTEN && (long) s * Sector.SIZE < size ? Sector.value(disk[s]) : Sector.ZERO;
            c[s] = underDirectWrite[s] ? (byte) (v | Sector.STALE_COPY) : v;
        }
        return new FileState(blockSize, blocks, size, disk, c, dirty);
    }

    /** copy_folio_from_iter into the cached pages of [start, end), which become dirty. */
    FileState copied(long start, long end, byte value) {
        byte[] c = cache.clone();
        boolean[] d = dirty.clone();
        Arrays.fill(c, (int) (start / Sector.SIZE), (int) (end / Sector.SIZE), value);
        for (long b = start / blockSize; b < (end + blockSize - 1) / blockSize; b++) {
            d[(int) b] = true;
        }
        return new FileState(blockSize, blocks, size, disk, c, d);
    }

    /** folio_clear_dirty_for_io: the page goes to writeback clean; a later write dirties it again. */
    FileState cleaned(long b) {
        boolean[] d = dirty.clone();
        d[(int) b] = false;
        return new FileState(blockSize, blocks, size, disk, cache, d);
    }

    /**
     * Every dirty page of [start, end) written to disk at once and every page of the range dropped: the
     * filemap_write_and_wait_range and invalidate_inode_pages2_range a direct write runs before its bios
     * (kiocb_write_and_wait, kiocb_invalidate_pages, mm/filemap.c).
     */
    FileState flushedAndDropped(long start, long end) {
        boolean anyCached = false;
        for (long b = start / blockSize; b < (end + blockSize - 1) / blockSize; b++) {
            anyCached |= cached(b);
        }
        if (!anyCached) {
            return this;
        }
        FileState f = this;
        byte[] c = cache.clone();
        for (long b = start / blockSize; b < (end + blockSize - 1) / blockSize; b++) {
            f = f.writtenBackPage(b);
            Arrays.fill(c, (int) b * sectorsPerBlock(), (int) (b + 1) * sectorsPerBlock(), NOT_CACHED);
        }
        return new FileState(blockSize, f.blocks, size, f.disk, c, f.dirty);
    }

    /**
     * Zeroes {@code [start, end)}, inside one block, through the page cache, as ext4_block_zero_page_range and
     * iomap_zero_range do for truncate and punch: a written block's page is read if not cached, the sectors zeroed, the
     * page dirty; a cached page of any block is zeroed the same way; a hole or unwritten block with no page is skipped
     * (it reads as zeros).
     */
    FileState zeroedThroughCache(long start, long end, boolean[] underDirectWrite) {
        long b = start / blockSize;
        if (start >= end || (!cached(b) && blocks[(int) b] != BlockState.WRITTEN)) {
            return this;
        }
        FileState f = pageRead(b, underDirectWrite);
        byte[] c = f.cache.clone();
        boolean[] d = f.dirty.clone();
        Arrays.fill(c, (int) (start / Sector.SIZE), (int) (end / Sector.SIZE), Sector.ZERO);
        d[(int) b] = true;
        return new FileState(blockSize, f.blocks, f.size, f.disk, c, d);
    }

    /**
     * Blocks {@code [from, to)} leave the file (ext4_ext_remove_space, xfs_itruncate_extents, the whole blocks of a
     * punch): holes, their pages dropped dirty or not (truncate_inode_pages_range), their sectors whatever the freed
     * disk blocks held before (stale: a later allocation must zero or overwrite them).
     */
    FileState freed(long from, long to) {
        if (from >= to) {
            return this;
        }
        BlockState[] bs = blocks.clone();
        byte[] dk = disk.clone();
        byte[] c = cache.clone();
        boolean[] d = dirty.clone();
        for (long b = from; b < to; b++) {
            bs[(int) b] = BlockState.HOLE;
            d[(int) b] = false;
            Arrays.fill(dk, (int) b * sectorsPerBlock(), (int) (b + 1) * sectorsPerBlock(), Sector.STALE);
            Arrays.fill(c, (int) b * sectorsPerBlock(), (int) (b + 1) * sectorsPerBlock(), NOT_CACHED);
        }
        return new FileState(blockSize, bs, size, dk, c, d);
    }

    /** The block states, 3 bits each (ordinal + 1), 21 blocks at most; -2 beyond (then compared as letters). */
    long blockCode() {
        long c = code;
        if (c == -1) {
            c = 0;
            if (blocks.length > 21) {
                c = -2;
            } else {
                for (BlockState s : blocks) {
                    c = c << 3 | (s.ordinal() + 1);
                }
            }
            code = c;
        }
        return c;
    }

    /** The block states as layout letters, the key of the engine's view of the mapping. */
    String blockLetters() {
        String l = letters;
        if (l == null) {
            StringBuilder b = new StringBuilder(blocks.length);
            for (BlockState s : blocks) {
                b.append(s.letter());
            }
            l = b.toString();
            letters = l;
        }
        return l;
    }

    public int blocks() {
        return blocks.length;
    }

    /** What umount writes: every dirty page on disk, its block allocated and written (the end of every execution). */
    FileState writtenBack() {
        FileState f = this;
        for (long b = 0; b < blocks.length; b++) {
            f = f.writtenBackPage(b);
        }
        return f;
    }

    private FileState writtenBackPage(long b) {
        if (!dirty(b)) {
            return this;
        }
        return cleaned(b).written(Bio.writeback(b * blockSize, page(b))).withBlock(b, BlockState.WRITTEN);
    }

    /** The bytes on the disk at sector {@code s}, whatever the mapping says: what a read bio in flight gets. */
    byte onDisk(int s) {
        return Sector.value(disk[s]);
    }

    /** Sector {@code s} of the page cache, or -1 when its page is not cached. */
    byte cachedSector(int s) {
        return cache[s] == NOT_CACHED ? -1 : Sector.value(cache[s]);
    }

    /** What a read after remount returns for sector {@code s}: unwritten blocks and holes read as zeros. */
    public byte read(int s) {
        return blocks[(int) ((long) s * Sector.SIZE / blockSize)] == BlockState.WRITTEN ? Sector.value(disk[s]) : Sector.ZERO;
    }

    /** Whether {@link #read}'s bytes of sector {@code s} came from a page copied while a direct write over it was in flight. */
    public boolean readsStaleCopy(int s) {
        return blocks[(int) ((long) s * Sector.SIZE / blockSize)] == BlockState.WRITTEN && Sector.staleCopy(disk[s]);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FileState f) || hashCode() != f.hashCode()) {
            return false;
        }
        return size == f.size && blockCode() == f.blockCode() && (blockCode() != -2 || Arrays.equals(blocks, f.blocks))
                && Arrays.equals(disk, f.disk) && Arrays.equals(cache, f.cache)
                && Arrays.equals(dirty, f.dirty);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Long.hashCode(size);
            h = 31 * h + Arrays.hashCode(disk);
            h = 31 * h + Arrays.hashCode(cache);
            h = 31 * h + (int) blockCode() + (int) (blockCode() >>> 32) * 7;
            h = 31 * h + Arrays.hashCode(dirty);
            hash = h == 0 ? 1 : h;
        }
        return h;
    }
}

package org.locktable.concurrency;

import java.util.Arrays;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/** The inode as every task sees it at one moment: block states, i_size, and per sector what the disk holds. Immutable. */
public final class FileState {
    private final int blockSize;
    private final BlockState[] blocks;
    private final long size;
    private final byte[] disk;

    private FileState(int blockSize, BlockState[] blocks, long size, byte[] disk) {
        this.blockSize = blockSize;
        this.blocks = blocks;
        this.size = size;
        this.disk = disk;
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
        return new FileState(blockSize, copy, size, disk);
    }

    FileState withSize(long newSize) {
        return new FileState(blockSize, blocks, newSize, disk);
    }

    /** The bio's bytes reach the platter. */
    FileState written(Bio bio) {
        byte[] copy = disk.clone();
        Arrays.fill(copy, (int) (bio.start() / Sector.SIZE), (int) (bio.end() / Sector.SIZE), bio.value());
        return new FileState(blockSize, blocks, size, copy);
    }

    /** What a read after remount returns for sector {@code s}: unwritten blocks and holes read as zeros. */
    public byte read(int s) {
        return blocks[(int) ((long) s * Sector.SIZE / blockSize)] == BlockState.WRITTEN ? disk[s] : Sector.ZERO;
    }

    void appendKey(StringBuilder key) {
        for (BlockState b : blocks) {
            key.append(b.letter());
        }
        key.append(size).append(':');
        for (byte d : disk) {
            key.append((char) ('0' + d));
        }
    }
}

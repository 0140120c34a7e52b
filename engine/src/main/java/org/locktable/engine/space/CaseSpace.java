package org.locktable.engine.space;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/**
 * The exhaustive small-scope space: every layout of 1..N blocks over {H, U, W} with every record-boundary
 * variant, an aligned and an unaligned {@code i_size}, every write at the granularity that starts inside,
 * at or beyond EOF (up to one block past the layout) and ends up to one block past the layout, and the
 * flag combinations IS_NOSEC × NOWAIT × sync/async.
 *
 * <p>Order, smallest first: blocks, layout, {@code i_size} (aligned first), write length, offset, flags (fewest
 * set first). A scan that stops at its first counterexample therefore reports a minimal one.
 */
public final class CaseSpace implements Cases {
    private final int maxBlocks;
    private final int blockSize;
    private final int granularity;
    private final WritePath path;
    private final List<Layout> layouts;
    private final long size;

    private CaseSpace(Builder b) {
        this.maxBlocks = b.maxBlocks;
        this.blockSize = b.blockSize;
        this.granularity = b.granularity;
        this.path = b.path;
        this.layouts = allLayouts(maxBlocks);
        long n = 0;
        for (Layout l : layouts) {
            n += (long) sizesOf(l).length * writesOf(l) * FLAG_COMBINATIONS;
        }
        this.size = n;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The default space: 4 blocks of 4 KiB, 512-byte granularity, direct writes. */
    public static CaseSpace standard(WritePath path) {
        try {
            return builder().path(path).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e);
        }
    }

    public int maxBlocks() {
        return maxBlocks;
    }

    public int blockSize() {
        return blockSize;
    }

    public int granularity() {
        return granularity;
    }

    public WritePath path() {
        return path;
    }

    public List<Layout> layouts() {
        return layouts;
    }

    /** The number of cases. */
    @Override
    public long size() {
        return size;
    }

    /** {@code 4 blocks × 4096 B, 512 B steps: 234 layouts × 2 i_size × writes × 8 flag sets = N cases}. */
    @Override
    public String describe() {
        return "layouts of 1.." + maxBlocks + " blocks of " + blockSize + " B over {H,U,W} with record boundaries ("
                + layouts.size() + " layouts), aligned and unaligned i_size, writes at " + granularity
                + " B granularity inside, at and across EOF, IS_NOSEC × NOWAIT × sync/async, " + pathLabel(path)
                + ": " + size + " cases";
    }

    static String pathLabel(WritePath path) {
        switch (path) {
            case BUFFERED:
                return "buffered writes";
            case WRITETHROUGH_NOSERIAL:
                return "RWF_WRITETHROUGH|RWF_NOSERIAL writes";
            default:
                return "O_DIRECT writes";
        }
    }

    private static final int FLAG_COMBINATIONS = 8;

    /** Visits every case in order. */
    @Override
    public void forEach(Consumer<Case> visitor) {
        long index = 0;
        for (Layout layout : layouts) {
            long layoutBytes = layout.blocks() * blockSize;
            long limit = layoutBytes + blockSize;
            for (long size : sizesOf(layout)) {
                Inode[] inodes = new Inode[2];
                try {
                    inodes[0] = Inode.builder(layout).blockSize(blockSize).size(size).build();
                    inodes[1] = inodes[0].toBuilder().nosec(false).build();
                } catch (InvalidInputException e) {
                    throw new IllegalStateException("the space built an invalid inode: " + e.getMessage(), e);
                }
                for (long len = granularity; len <= limit; len += granularity) {
                    for (long pos = 0; pos + len <= limit; pos += granularity) {
                        for (int flags = 0; flags < FLAG_COMBINATIONS; flags++) {
                            visitor.accept(new Case(index++, inodes[flags & 1], request(pos, len, flags)));
                        }
                    }
                }
            }
        }
    }

    private WriteRequest request(long pos, long len, int flags) {
        try {
            return WriteRequest.builder(pos, len)
                    .direct(path == WritePath.DIRECT)
                    .writethrough(path == WritePath.WRITETHROUGH_NOSERIAL)
                    .noserial(path == WritePath.WRITETHROUGH_NOSERIAL)
                    .nowait((flags & 2) != 0)
                    .async((flags & 4) != 0)
                    .build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("the space built an invalid write: " + e.getMessage(), e);
        }
    }

    /** Aligned {@code i_size} at the layout's end, and unaligned: half-way into the last block. */
    private long[] sizesOf(Layout layout) {
        long end = layout.blocks() * blockSize;
        return new long[] {end, end - blockSize / 2};
    }

    private long writesOf(Layout layout) {
        long units = (layout.blocks() * blockSize + blockSize) / granularity;
        return units * (units + 1) / 2;
    }

    /** Every layout of 1..maxBlocks blocks over {H, U, W}, with and without each possible record boundary. */
    static List<Layout> allLayouts(int maxBlocks) {
        BlockState[] states = {BlockState.HOLE, BlockState.UNWRITTEN, BlockState.WRITTEN};
        List<Layout> out = new ArrayList<>();
        for (int n = 1; n <= maxBlocks; n++) {
            int strings = (int) Math.pow(3, n);
            for (int s = 0; s < strings; s++) {
                BlockState[] blocks = new BlockState[n];
                int v = s;
                for (int i = n - 1; i >= 0; i--) {
                    blocks[i] = states[v % 3];
                    v /= 3;
                }
                List<Integer> joints = new ArrayList<>();
                for (int i = 1; i < n; i++) {
                    if (blocks[i] == blocks[i - 1] && blocks[i].allocated()) {
                        joints.add(i);
                    }
                }
                for (int mask = 0; mask < (1 << joints.size()); mask++) {
                    Layout.Builder b = Layout.builder().blocks(n);
                    for (int i = 0; i < n; i++) {
                        boolean boundary = joints.contains(i) && (mask & (1 << joints.indexOf(i))) != 0;
                        if (boundary) {
                            b.separateRecord(i, 1, blocks[i]);
                        } else {
                            b.record(i, 1, blocks[i]);
                        }
                    }
                    try {
                        out.add(b.build());
                    } catch (InvalidInputException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    public static final class Builder {
        private int maxBlocks = 4;
        private int blockSize = 4096;
        private int granularity = 512;
        private WritePath path = WritePath.DIRECT;

        public Builder maxBlocks(int v) {
            maxBlocks = v;
            return this;
        }

        public Builder blockSize(int v) {
            blockSize = v;
            return this;
        }

        public Builder granularity(int v) {
            granularity = v;
            return this;
        }

        public Builder path(WritePath v) {
            path = v;
            return this;
        }

        /** Validates; the bound on blocks is the litmus lesson: start small, the space grows as 3^N × N^2. */
        public CaseSpace build() throws InvalidInputException {
            if (maxBlocks < 1 || maxBlocks > 6) {
                throw new InvalidInputException("blocks", "a space of " + maxBlocks
                        + " blocks is out of range: use 1 to 6 blocks (the space grows as 3^N x N^2; 4 is the default)");
            }
            if (blockSize < 512 || blockSize > 65536 || Integer.bitCount(blockSize) != 1) {
                throw new InvalidInputException("blockSize", "block size " + blockSize
                        + " must be a power of two from 512 to 65536");
            }
            if (granularity < 512 || granularity > blockSize || blockSize % granularity != 0
                    || Integer.bitCount(granularity) != 1) {
                throw new InvalidInputException("granularity", "granularity " + granularity
                        + " must be a power of two from 512 (the logical block size) to the block size " + blockSize);
            }
            long units = (long) (maxBlocks + 1) * (blockSize / granularity);
            if (units > 160) {
                throw new InvalidInputException("granularity", "granularity " + granularity + " with " + maxBlocks
                        + " blocks of " + blockSize + " B gives " + units
                        + " write positions per layout; at most 160 keep the space enumerable: use a coarser granularity");
            }
            return new CaseSpace(this);
        }
    }
}

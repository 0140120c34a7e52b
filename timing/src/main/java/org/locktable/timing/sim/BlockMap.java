package org.locktable.timing.sim;

import java.util.Arrays;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Layout;

/**
 * A file's mutable extent map, one byte per block, in chunks of 64 Ki blocks that are materialised on first
 * write: until then a chunk reads from the initial layout (uniform, or a repeated stripe), so an untouched
 * terabyte file costs nothing. A byte holds the block state (hole, unwritten, written, delalloc) and a
 * "record starts here" bit for physically discontiguous same-state neighbours (the {@code |} of the layout
 * notation). Same-state neighbours without that bit are one record, as the file systems merge contiguous
 * extents (including after unwritten→written conversion).
 */
final class BlockMap {
    static final int HOLE = 0;
    static final int UNWRITTEN = 1;
    static final int WRITTEN = 2;
    static final int DELALLOC = 3;
    static final int STATE = 3;
    static final int BOUNDARY = 4;
    /** The states a completed write leaves WRITTEN, as a mask for {@link #any} and {@link #set}. */
    static final int NOT_WRITTEN = 1 << HOLE | 1 << UNWRITTEN | 1 << DELALLOC;

    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    private final long initialBlocks;
    private final byte uniform;
    private final byte[] stripe;
    private byte[][] chunks = new byte[0][];

    private BlockMap(long initialBlocks, byte uniform, byte[] stripe) {
        this.initialBlocks = initialBlocks;
        this.uniform = uniform;
        this.stripe = stripe;
    }

    /** Blocks {@code [0, blocks)} in one state, holes beyond. */
    static BlockMap uniform(long blocks, int state) {
        return new BlockMap(blocks, (byte) state, null);
    }

    /** {@code stripe} repeated from block 0 over {@code [0, blocks)}, holes beyond. */
    static BlockMap pattern(long blocks, Layout stripe) {
        if (stripe.blocks() == 0) {
            throw new IllegalArgumentException("empty stripe");
        }
        if (stripe.blocks() > CHUNK) {
            throw new IllegalArgumentException("stripe longer than " + CHUNK + " blocks");
        }
        byte[] s = new byte[(int) stripe.blocks()];
        for (int i = 0; i < stripe.recordCount(); i++) {
            int st = code(stripe.recordState(i));
            long from = stripe.recordStart(i);
            for (long b = from; b < stripe.recordEnd(i); b++) {
                s[(int) b] = (byte) st;
            }
            if (i > 0 && stripe.recordEnd(i - 1) == from && stripe.recordState(i - 1) == stripe.recordState(i)) {
                s[(int) from] |= BOUNDARY;
            }
        }
        return new BlockMap(blocks, (byte) 0, s);
    }

    static int code(BlockState s) {
        switch (s) {
            case UNWRITTEN:
                return UNWRITTEN;
            case WRITTEN:
                return WRITTEN;
            case DELALLOC:
                return DELALLOC;
            default:
                return HOLE;
        }
    }

    static BlockState state(int code) {
        switch (code & STATE) {
            case UNWRITTEN:
                return BlockState.UNWRITTEN;
            case WRITTEN:
                return BlockState.WRITTEN;
            case DELALLOC:
                return BlockState.DELALLOC;
            default:
                return BlockState.HOLE;
        }
    }

    private int initial(long b) {
        if (b >= initialBlocks) {
            return HOLE;
        }
        return stripe == null ? uniform : stripe[(int) (b % stripe.length)];
    }

    /** The byte of block {@code b}: state and boundary bit. */
    int get(long b) {
        long ci = b >>> CHUNK_BITS;
        if (ci < chunks.length) {
            byte[] c = chunks[(int) ci];
            if (c != null) {
                return c[(int) (b & MASK)];
            }
        }
        return initial(b);
    }

    int stateAt(long b) {
        return get(b) & STATE;
    }

    /**
     * End (exclusive) of the run of blocks starting at {@code b} that one record (or one hole) covers: the
     * state stays the same and no boundary bit intervenes. Never beyond {@code limit}.
     */
    long runEnd(long b, long limit) {
        int s = get(b) & STATE;
        long e = b + 1;
        while (e < limit) {
            long ci = e >>> CHUNK_BITS;
            byte[] c = ci < chunks.length ? chunks[(int) ci] : null;
            if (c == null && (stripe == null || e >= initialBlocks)) {
                // an untouched uniform (or beyond-initial hole) stretch up to the chunk end or the initial end
                int v = initial(e);
                if (v != s) {
                    break;
                }
                long chunkEnd = (ci + 1) << CHUNK_BITS;
                long stretch = e < initialBlocks ? Math.min(chunkEnd, initialBlocks) : chunkEnd;
                e = Math.min(stretch, limit);
                continue;
            }
            int v = c != null ? c[(int) (e & MASK)] : initial(e);
            if ((v & STATE) != s || (v & BOUNDARY) != 0) {
                break;
            }
            e++;
        }
        return Math.min(e, limit);
    }

    /** True when some block of {@code [first, last]} has a state in {@code stateMask} (bit {@code 1 << state}). */
    boolean any(long first, long last, int stateMask) {
        long b = first;
        while (b <= last) {
            if ((stateMask & (1 << stateAt(b))) != 0) {
                return true;
            }
            b = runEnd(b, last + 1);
        }
        return false;
    }

    /** Sets the state of blocks {@code [first, last]} whose state is in {@code fromMask}, keeping boundary bits. */
    void set(long first, long last, int fromMask, int state) {
        long b = first;
        while (b <= last) {
            long ci = b >>> CHUNK_BITS;
            byte[] c = chunk(ci);
            int from = (int) (b & MASK);
            int to = (int) Math.min(MASK, last - (ci << CHUNK_BITS));
            for (int i = from; i <= to; i++) {
                int v = c[i];
                if ((fromMask & (1 << (v & STATE))) != 0) {
                    c[i] = (byte) ((v & BOUNDARY) | state);
                }
            }
            b = ((ci + 1) << CHUNK_BITS);
        }
    }

    private byte[] chunk(long ci) {
        if (ci < chunks.length) {
            byte[] c = chunks[(int) ci];
            if (c != null) {
                return c;
            }
        } else {
            chunks = Arrays.copyOf(chunks, (int) Math.max(ci + 1, chunks.length * 2L));
        }
        byte[] c = new byte[CHUNK];
        long base = ci << CHUNK_BITS;
        if (base < initialBlocks) {
            int n = (int) Math.min(CHUNK, initialBlocks - base);
            if (stripe == null) {
                Arrays.fill(c, 0, n, uniform);
            } else {
                int p = (int) (base % stripe.length);
                for (int i = 0; i < n; i++) {
                    c[i] = stripe[p];
                    if (++p == stripe.length) {
                        p = 0;
                    }
                }
            }
        }
        chunks[(int) ci] = c;
        return c;
    }

    /** Materialised chunks (for tests and memory reports). */
    int materialisedChunks() {
        int n = 0;
        for (byte[] c : chunks) {
            if (c != null) {
                n++;
            }
        }
        return n;
    }
}

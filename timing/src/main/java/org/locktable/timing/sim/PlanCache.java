package org.locktable.timing.sim;

import java.util.Arrays;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;

/**
 * The engine's decision for a write against the live extent map, through a small window: blocks
 * {@code [min(firstBlk, i_size >> bits), lastBlk]} shifted to start at block 0, with {@code i_size} and the
 * offset shifted the same (the engine's decisions are shift invariant). {@code i_size} beyond the window is
 * clamped to one block past it, and a run of holes of more than {@value #GAP_KEEP}·2 blocks between the EOF
 * block and the write is shortened to {@value #GAP_KEEP}·2 blocks (both checked against the full layout in
 * the tests). Decisions are cached by the window's shape (offset, length, i_size, records), computed once
 * with {@link Detail#FULL}.
 */
final class PlanCache {
    static final int GAP_KEEP = 4;
    private static final int MAX_ENTRIES = 1 << 18;

    private final Policy policy;
    private final int blockSize;
    private final int bits;
    private final boolean nosec;
    private final boolean direct;
    private final boolean async;
    private final boolean dsync;
    private final boolean writethrough;
    private final boolean noserial;

    private long[] key = new long[64];
    private long[][] keys = new long[1024][];
    private Plan[] plans = new Plan[1024];
    private int size;
    private long misses;

    PlanCache(Policy policy, int blockSize, boolean nosec, boolean direct, boolean async, boolean dsync,
            boolean writethrough, boolean noserial) {
        this.policy = policy;
        this.blockSize = blockSize;
        this.bits = Integer.numberOfTrailingZeros(blockSize);
        this.nosec = nosec;
        this.direct = direct;
        this.async = async;
        this.dsync = dsync;
        this.writethrough = writethrough;
        this.noserial = noserial;
    }

    /** Distinct window shapes decided so far. */
    long shapes() {
        return misses;
    }

    /** The plan for a write of {@code len} bytes at {@code pos} to a file with this map and {@code i_size}. */
    Plan planFor(BlockMap map, long iSize, long pos, long len) {
        int n = window(map, iSize, pos, len);
        long h = hash(key, n);
        int mask = keys.length - 1;
        int i = (int) h & mask;
        while (true) {
            long[] k = keys[i];
            if (k == null) {
                break;
            }
            if (k.length == n && Arrays.equals(k, 0, n, key, 0, n)) {
                return plans[i];
            }
            i = (i + 1) & mask;
        }
        Plan p = decide(n);
        misses++;
        if (size >= MAX_ENTRIES) {
            Arrays.fill(keys, null);
            Arrays.fill(plans, null);
            size = 0;
            i = (int) h & mask;
            while (keys[i] != null) {
                i = (i + 1) & mask;
            }
        }
        keys[i] = Arrays.copyOf(key, n);
        plans[i] = p;
        if (++size * 2 > keys.length) {
            grow();
        }
        return p;
    }

    /**
     * Fills {@link #key} with the window: [relPos, len, relIsize, windowBlocks, then start, length·4+state of
     * each non-hole run]; returns its length.
     */
    int window(BlockMap map, long iSize, long pos, long len) {
        long first = pos >>> bits;
        long last = (pos + len - 1) >>> bits;
        long ws = Math.min(first, iSize >>> bits);
        long dropFrom = -1;
        long dropTo = -2;
        if (first - ws > 2L * GAP_KEEP + 1) {
            long a = ws + GAP_KEEP + 1;
            long b = first - GAP_KEEP - 1;
            if (!map.any(a, b, ~(1 << BlockMap.HOLE))) {
                dropFrom = a;
                dropTo = b;
            }
        }
        long dropped = dropTo - dropFrom + 1;
        long windowBlocks = last - ws + 1 - dropped;
        int n = 0;
        key[n++] = pos - (ws << bits) - (dropped << bits);
        key[n++] = len;
        key[n++] = Math.min(iSize - (ws << bits), (windowBlocks + 1) << bits);
        key[n++] = windowBlocks;
        long b = ws;
        while (b <= last) {
            if (b == dropFrom) {
                b = dropTo + 1;
                continue;
            }
            long limit = b < dropFrom ? dropFrom : last + 1;
            long e = map.runEnd(b, limit);
            int st = map.stateAt(b);
            if (st != BlockMap.HOLE) {
                if (n + 2 > key.length) {
                    key = Arrays.copyOf(key, key.length * 2);
                }
                long vb = b > dropTo && dropFrom >= 0 ? b - dropped : b;
                key[n++] = vb - ws;
                key[n++] = (e - b) << 2 | st;
            }
            b = e;
        }
        return n;
    }

    /** The window of the last {@link #window} call as an engine layout (for tests). */
    Layout windowLayout(int n) {
        Layout.Builder lb = Layout.builder().blocks(key[3]);
        for (int i = 4; i < n; i += 2) {
            lb.separateRecord(key[i], key[i + 1] >>> 2, BlockMap.state((int) (key[i + 1] & 3)));
        }
        try {
            return lb.build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("bad window " + Arrays.toString(Arrays.copyOf(key, n)), e);
        }
    }

    /** The decision for the last window (window coordinates). */
    Decision decideWindow(int n, Detail detail) {
        try {
            Inode inode = Inode.builder(windowLayout(n)).blockSize(blockSize).size(key[2]).nosec(nosec).build();
            WriteRequest req = WriteRequest.builder(key[0], key[1]).direct(direct).async(async).dsync(dsync)
                    .writethrough(writethrough).noserial(noserial).build();
            return policy.decide(inode, req, detail);
        } catch (InvalidInputException e) {
            throw new IllegalArgumentException("the engine refuses the window " + Arrays.toString(Arrays.copyOf(key, n))
                    + ": " + e.getMessage(), e);
        }
    }

    private Plan decide(int n) {
        Decision d = decideWindow(n, Detail.FULL);
        long relFirst = key[0] >>> bits;
        long relLast = (key[0] + key[1] - 1) >>> bits;
        Layout w = windowLayout(n);
        boolean unwrittenOrHole = w.anyIn(relFirst, relLast, BlockState.UNWRITTEN)
                || w.anyIn(relFirst, relLast, BlockState.HOLE);
        return Plan.write(d, direct, dsync, unwrittenOrHole, key[0]);
    }

    private void grow() {
        long[][] ok = keys;
        Plan[] op = plans;
        keys = new long[ok.length * 2][];
        plans = new Plan[ok.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < ok.length; j++) {
            if (ok[j] != null) {
                int i = (int) hash(ok[j], ok[j].length) & mask;
                while (keys[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = ok[j];
                plans[i] = op[j];
            }
        }
    }

    private static long hash(long[] k, int n) {
        long h = n * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < n; i++) {
            h = (h ^ k[i]) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return h ^ (h >>> 29);
    }
}

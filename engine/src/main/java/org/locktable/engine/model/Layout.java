package org.locktable.engine.model;

import java.util.Arrays;

/**
 * A file's logical block map: the extent records (written, unwritten, delalloc) in block order, holes
 * in between, and the number of blocks the layout was declared with.
 *
 * <p>The notation, used everywhere in locktable: one letter per block, {@code H} (or {@code .}) hole,
 * {@code U} unwritten, {@code W} written, {@code D} delalloc, separated by spaces; {@code |} instead of a
 * space marks a record boundary between two same-state neighbours (physically discontiguous records);
 * {@code W*8} repeats a letter. Same-state neighbours without {@code |} form one record, as both file
 * systems merge physically contiguous runs. Examples: {@code W U U W}, {@code W|W}, {@code W*4 U*2 H}.
 *
 * <p>Immutable; lookups are binary searches over the records, so a million-block file costs no more
 * than its record count.
 */
public final class Layout {
    /** Longest layout accepted: keeps every byte offset of a 64 KiB-block file inside a {@code long}. */
    public static final long MAX_BLOCKS = 1L << 46;

    private final long blocks;
    private final long[] starts;
    private final long[] lengths;
    private final BlockState[] states;

    private Layout(long blocks, long[] starts, long[] lengths, BlockState[] states) {
        this.blocks = blocks;
        this.starts = starts;
        this.lengths = lengths;
        this.states = states;
    }

    /** Parses the layout notation; see the class comment. */
    public static Layout parse(String text) throws LayoutSyntaxException {
        return LayoutParser.parse(text);
    }

    /** Builds layouts record by record, in block order. */
    public static Builder builder() {
        return new Builder();
    }

    public long blocks() {
        return blocks;
    }

    public int recordCount() {
        return starts.length;
    }

    public long recordStart(int i) {
        return starts[i];
    }

    public long recordLength(int i) {
        return lengths[i];
    }

    public long recordEnd(int i) {
        return starts[i] + lengths[i];
    }

    public BlockState recordState(int i) {
        return states[i];
    }

    /** Index of the record containing {@code block}, or -1 when the block is a hole. */
    public int recordIndexAt(long block) {
        int lo = 0;
        int hi = starts.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] > block) {
                hi = mid - 1;
            } else if (starts[mid] + lengths[mid] <= block) {
                lo = mid + 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    public BlockState stateAt(long block) {
        int i = recordIndexAt(block);
        return i < 0 ? BlockState.HOLE : states[i];
    }

    /** First block after {@code block} that starts a record, or {@link Long#MAX_VALUE}: where a hole ends. */
    public long nextRecordStart(long block) {
        int lo = 0;
        int hi = starts.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] > block) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo < starts.length ? starts[lo] : Long.MAX_VALUE;
    }

    /** True when any block in {@code [first, last]} is in the given state (holes included). */
    public boolean anyIn(long first, long last, BlockState state) {
        long b = first;
        while (b <= last) {
            int i = recordIndexAt(b);
            if (i < 0) {
                if (state == BlockState.HOLE) {
                    return true;
                }
                b = nextRecordStart(b);
            } else {
                if (states[i] == state) {
                    return true;
                }
                b = starts[i] + lengths[i];
            }
        }
        return false;
    }

    /** The same map moved {@code by} blocks towards the end of the file (leading holes added). */
    public Layout shiftedBy(long by) {
        long[] s = starts.clone();
        for (int i = 0; i < s.length; i++) {
            s[i] += by;
        }
        return new Layout(blocks + by, s, lengths, states);
    }

    /**
     * The map after the page-cache flush that {@code __iomap_dio_rw} does before mapping: delalloc blocks in
     * {@code [first, last]} are allocated and written. Each flushed run becomes a record of its own.
     */
    public Layout flushDelalloc(long first, long last) {
        if (!anyIn(first, last, BlockState.DELALLOC)) {
            return this;
        }
        Builder b = builder().blocks(blocks);
        for (int i = 0; i < starts.length; i++) {
            long s = starts[i];
            long e = s + lengths[i];
            if (states[i] != BlockState.DELALLOC || e <= first || s > last) {
                b.separateRecord(s, lengths[i], states[i]);
                continue;
            }
            long fs = Math.max(s, first);
            long fe = Math.min(e, last + 1);
            if (s < fs) {
                b.separateRecord(s, fs - s, BlockState.DELALLOC);
            }
            b.separateRecord(fs, fe - fs, BlockState.WRITTEN);
            if (fe < e) {
                b.separateRecord(fe, e - fe, BlockState.DELALLOC);
            }
        }
        return b.buildUnchecked();
    }

    /** The canonical notation: runs of up to four blocks spelled out, longer runs as {@code X*n}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        long b = 0;
        int i = 0;
        boolean boundary = false;
        while (b < blocks) {
            BlockState st;
            long run;
            if (i < starts.length && starts[i] == b) {
                st = states[i];
                run = lengths[i];
                i++;
            } else {
                st = BlockState.HOLE;
                long next = i < starts.length ? starts[i] : blocks;
                run = Math.min(next, blocks) - b;
            }
            appendRun(out, st, run, boundary);
            boundary = st != BlockState.HOLE && i < starts.length && starts[i] == b + run && states[i] == st;
            b += run;
        }
        return out.toString();
    }

    private static void appendRun(StringBuilder out, BlockState st, long run, boolean boundaryBefore) {
        if (out.length() > 0) {
            out.append(boundaryBefore ? '|' : ' ');
        }
        if (run > 4) {
            out.append(st.letter()).append('*').append(run);
            return;
        }
        for (long k = 0; k < run; k++) {
            if (k > 0) {
                out.append(' ');
            }
            out.append(st.letter());
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Layout)) {
            return false;
        }
        Layout other = (Layout) o;
        return blocks == other.blocks
                && Arrays.equals(starts, other.starts)
                && Arrays.equals(lengths, other.lengths)
                && Arrays.equals(states, other.states);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(blocks) * 31 + Arrays.hashCode(starts) * 17 + Arrays.hashCode(states);
    }

    /** Accumulates records in block order; same-state neighbours merge unless added as separate records. */
    public static final class Builder {
        private long blocks = -1;
        private long[] starts = new long[4];
        private long[] lengths = new long[4];
        private BlockState[] states = new BlockState[4];
        private int n;

        /** The declared length; defaults to the end of the last record. */
        public Builder blocks(long blocks) {
            this.blocks = blocks;
            return this;
        }

        /** Adds blocks {@code [start, start+length)}, merged into a same-state record that ends at {@code start}. */
        public Builder record(long start, long length, BlockState state) {
            if (state == BlockState.HOLE || length == 0) {
                return this;
            }
            if (n > 0 && states[n - 1] == state && starts[n - 1] + lengths[n - 1] == start) {
                lengths[n - 1] += length;
                return this;
            }
            return separateRecord(start, length, state);
        }

        /** Adds a record that stays distinct from its neighbours (a physically discontiguous extent). */
        public Builder separateRecord(long start, long length, BlockState state) {
            if (state == BlockState.HOLE || length == 0) {
                return this;
            }
            if (n == starts.length) {
                starts = Arrays.copyOf(starts, n * 2);
                lengths = Arrays.copyOf(lengths, n * 2);
                states = Arrays.copyOf(states, n * 2);
            }
            starts[n] = start;
            lengths[n] = length;
            states[n] = state;
            n++;
            return this;
        }

        /** Checks order, overlap and size, then builds. */
        public Layout build() throws InvalidInputException {
            if (blocks < -1) {
                throw new InvalidInputException("layout", "declared length of " + blocks + " blocks is negative");
            }
            long end = 0;
            for (int i = 0; i < n; i++) {
                if (starts[i] < end || lengths[i] <= 0) {
                    throw new InvalidInputException("layout", "extent record " + i + " at block " + starts[i]
                            + " overlaps the previous record or is empty");
                }
                if (starts[i] > MAX_BLOCKS - lengths[i]) {
                    throw new InvalidInputException("layout", "extent record " + i + " at block " + starts[i] + " of "
                            + lengths[i] + " blocks ends beyond the " + MAX_BLOCKS + " blocks locktable models");
                }
                end = starts[i] + lengths[i];
            }
            long declared = blocks < 0 ? end : blocks;
            if (declared < end) {
                throw new InvalidInputException("layout", "layout declares " + declared
                        + " blocks but its records reach block " + end);
            }
            if (declared > MAX_BLOCKS) {
                throw new InvalidInputException("layout", "layout of " + declared + " blocks is longer than the "
                        + MAX_BLOCKS + " blocks locktable models");
            }
            return buildUnchecked();
        }

        Layout buildUnchecked() {
            long end = n == 0 ? 0 : starts[n - 1] + lengths[n - 1];
            return new Layout(blocks < 0 ? end : Math.max(blocks, end), Arrays.copyOf(starts, n),
                    Arrays.copyOf(lengths, n), Arrays.copyOf(states, n));
        }
    }
}

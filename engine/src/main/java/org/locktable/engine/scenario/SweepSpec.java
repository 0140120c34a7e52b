package org.locktable.engine.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.Cases;

/**
 * A user's sweep: layout patterns with {@code ?} for "each of H, U, W", i_size placements, offset and length
 * ranges, and flag values. Cases are visited smallest first: pattern, expansion, i_size, length, offset, flags.
 * Writes that end more than one block past the layout are left out.
 */
public final class SweepSpec implements Cases {
    private final List<String> patterns;
    private final int blockSize;
    private final boolean boundaries;
    private final boolean layoutEnd;
    private final boolean midLastBlock;
    private final long[] offsets;
    private final long[] lengths;
    private final boolean[] nosec;
    private final boolean[] nowait;
    private final boolean[] async;
    private final boolean direct;
    private final List<Layout> layouts;
    private final long size;

    private SweepSpec(Builder b, List<Layout> layouts) {
        this.patterns = List.copyOf(b.patterns);
        this.blockSize = b.blockSize;
        this.boundaries = b.boundaries;
        this.layoutEnd = b.layoutEnd;
        this.midLastBlock = b.midLastBlock;
        this.offsets = b.offsets;
        this.lengths = b.lengths;
        this.nosec = b.nosec;
        this.nowait = b.nowait;
        this.async = b.async;
        this.direct = b.direct;
        this.layouts = layouts;
        long n = 0;
        int flagSets = nosec.length * nowait.length * async.length;
        int sizes = (layoutEnd ? 1 : 0) + (midLastBlock ? 1 : 0);
        for (Layout l : layouts) {
            long limit = l.blocks() * blockSize + blockSize;
            long writes = 0;
            for (long len : lengths) {
                for (long off : offsets) {
                    if (off + len <= limit) {
                        writes++;
                    }
                }
            }
            n += writes * sizes * flagSets;
        }
        this.size = n;
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Layout> layouts() {
        return layouts;
    }

    public int blockSize() {
        return blockSize;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public String describe() {
        return "sweep over " + String.join(", ", patterns.stream().map(p -> "\"" + p + "\"").toList()) + " ("
                + layouts.size() + " layouts" + (boundaries ? " with record-boundary variants" : "") + ") of "
                + blockSize + " B blocks, i_size " + (layoutEnd && midLastBlock ? "at the layout end and mid last block"
                        : layoutEnd ? "at the layout end" : "mid last block")
                + ", " + offsets.length + " offsets x " + lengths.length + " lengths, " + (direct ? "O_DIRECT" : "buffered")
                + " writes: " + size + " cases";
    }

    @Override
    public void forEach(Consumer<Case> visitor) {
        long index = 0;
        for (Layout layout : layouts) {
            long end = layout.blocks() * blockSize;
            long limit = end + blockSize;
            List<Long> sizes = new ArrayList<>();
            if (layoutEnd) {
                sizes.add(end);
            }
            if (midLastBlock) {
                sizes.add(end - blockSize / 2);
            }
            for (long iSize : sizes) {
                List<Inode> inodes = new ArrayList<>();
                for (boolean ns : nosec) {
                    inodes.add(inode(layout, iSize, ns));
                }
                for (long len : lengths) {
                    for (long off : offsets) {
                        if (off + len > limit) {
                            continue;
                        }
                        for (int s = 0; s < nosec.length; s++) {
                            for (boolean nw : nowait) {
                                for (boolean as : async) {
                                    visitor.accept(new Case(index++, inodes.get(s), write(off, len, nw, as)));
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private Inode inode(Layout layout, long iSize, boolean ns) {
        try {
            return Inode.builder(layout).blockSize(blockSize).size(iSize).nosec(ns).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("a validated sweep built an invalid inode: " + e.getMessage(), e);
        }
    }

    private WriteRequest write(long off, long len, boolean nw, boolean as) {
        try {
            return WriteRequest.builder(off, len).direct(direct).nowait(nw).async(as).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("a validated sweep built an invalid write: " + e.getMessage(), e);
        }
    }

    /** Expands one pattern: each {@code ?} becomes H, U, W in turn; {@code ?*3} is three independent blocks. */
    static List<Layout> expand(String pattern, boolean boundaries) throws InvalidInputException {
        List<Character> blocks = new ArrayList<>();
        List<Boolean> barBefore = new ArrayList<>();
        String[] tokens = pattern.trim().split("(?<=[|\\s])|(?=[|\\s])");
        boolean bar = false;
        for (String t : tokens) {
            if (t.isBlank()) {
                continue;
            }
            if (t.equals("|")) {
                bar = true;
                continue;
            }
            int star = t.indexOf('*');
            char letter = t.charAt(0);
            long count = 1;
            if (t.length() > 1) {
                if (star != 1) {
                    throw new InvalidInputException("layouts", "pattern \"" + pattern + "\": \"" + t
                            + "\" is not a block letter (H . U W D) or ?, optionally followed by *count");
                }
                try {
                    count = Long.parseLong(t.substring(2));
                } catch (NumberFormatException e) {
                    throw new InvalidInputException("layouts", "pattern \"" + pattern + "\": bad repeat count in \"" + t + "\"");
                }
                if (count < 1 || count > 16) {
                    throw new InvalidInputException("layouts", "pattern \"" + pattern + "\": repeat count " + count
                            + " in a sweep pattern must be 1 to 16");
                }
            }
            if (letter != '?' && BlockState.ofLetter(letter) == null) {
                throw new InvalidInputException("layouts", "pattern \"" + pattern + "\": '" + letter
                        + "' is not a block letter (H . U W D) or ?");
            }
            for (long k = 0; k < count; k++) {
                blocks.add(letter);
                barBefore.add(k == 0 && bar);
            }
            bar = false;
        }
        if (blocks.isEmpty()) {
            throw new InvalidInputException("layouts", "pattern \"" + pattern + "\" has no blocks");
        }
        if (blocks.size() > 16) {
            throw new InvalidInputException("layouts", "pattern \"" + pattern + "\" has " + blocks.size()
                    + " blocks; sweeps take at most 16");
        }
        int wild = 0;
        for (char c : blocks) {
            if (c == '?') {
                wild++;
            }
        }
        if (wild > 8) {
            throw new InvalidInputException("layouts", "pattern \"" + pattern + "\" has " + wild
                    + " '?' blocks (3^" + wild + " layouts); use at most 8");
        }
        BlockState[] states = {BlockState.HOLE, BlockState.UNWRITTEN, BlockState.WRITTEN};
        List<Layout> out = new ArrayList<>();
        int combos = (int) Math.pow(3, wild);
        for (int combo = 0; combo < combos; combo++) {
            BlockState[] b = new BlockState[blocks.size()];
            int v = combo;
            for (int i = blocks.size() - 1; i >= 0; i--) {
                if (blocks.get(i) == '?') {
                    b[i] = states[v % 3];
                    v /= 3;
                } else {
                    b[i] = BlockState.ofLetter(blocks.get(i));
                }
            }
            List<Integer> joints = new ArrayList<>();
            for (int i = 1; i < b.length; i++) {
                if (boundaries && !barBefore.get(i) && b[i] == b[i - 1] && b[i].allocated()) {
                    joints.add(i);
                }
            }
            for (int mask = 0; mask < (1 << joints.size()); mask++) {
                Layout.Builder lb = Layout.builder().blocks(b.length);
                for (int i = 0; i < b.length; i++) {
                    boolean sep = (barBefore.get(i) && i > 0 && b[i] == b[i - 1])
                            || (joints.contains(i) && (mask & (1 << joints.indexOf(i))) != 0);
                    if (sep) {
                        lb.separateRecord(i, 1, b[i]);
                    } else {
                        lb.record(i, 1, b[i]);
                    }
                }
                Layout l = lb.build();
                if (!out.contains(l)) {
                    out.add(l);
                }
            }
        }
        return out;
    }

    public static final class Builder {
        private final List<String> patterns = new ArrayList<>();
        private int blockSize = 4096;
        private boolean boundaries;
        private boolean layoutEnd = true;
        private boolean midLastBlock;
        private long[] offsets = {0};
        private long[] lengths = {4096};
        private boolean[] nosec = {true};
        private boolean[] nowait = {false};
        private boolean[] async = {false};
        private boolean direct = true;

        public Builder pattern(String p) {
            patterns.add(p);
            return this;
        }

        public Builder blockSize(int v) {
            blockSize = v;
            return this;
        }

        public Builder boundaries(boolean v) {
            boundaries = v;
            return this;
        }

        /** Which i_size placements: at the layout's end, and/or half-way into its last block. */
        public Builder sizes(boolean atLayoutEnd, boolean atMidLastBlock) {
            layoutEnd = atLayoutEnd;
            midLastBlock = atMidLastBlock;
            return this;
        }

        public Builder offsets(long from, long to, long step) throws InvalidInputException {
            offsets = range("offsets", from, to, step, 0);
            return this;
        }

        public Builder lengths(long from, long to, long step) throws InvalidInputException {
            lengths = range("lengths", from, to, step, 1);
            return this;
        }

        public Builder nosec(boolean... v) {
            nosec = v.clone();
            return this;
        }

        public Builder nowait(boolean... v) {
            nowait = v.clone();
            return this;
        }

        public Builder async(boolean... v) {
            async = v.clone();
            return this;
        }

        public Builder direct(boolean v) {
            direct = v;
            return this;
        }

        private static long[] range(String field, long from, long to, long step, long min) throws InvalidInputException {
            if (from < min) {
                throw new InvalidInputException(field, field + " start at " + from + "; the smallest allowed is " + min);
            }
            if (step <= 0) {
                throw new InvalidInputException(field, field + " step " + step + " must be positive");
            }
            if (to < from) {
                throw new InvalidInputException(field, field + " run from " + from + " to " + to + ": empty range");
            }
            long count = (to - from) / step + 1;
            if (count > 4096) {
                throw new InvalidInputException(field, field + " from " + from + " to " + to + " step " + step + " give "
                        + count + " values; use at most 4096 (a coarser step)");
            }
            long[] v = new long[(int) count];
            for (int i = 0; i < count; i++) {
                v[i] = from + i * step;
            }
            return v;
        }

        /** Expands the patterns and validates; {@code maxCases} bounds the space. */
        public SweepSpec build(long maxCases) throws InvalidInputException {
            if (patterns.isEmpty()) {
                throw new InvalidInputException("layouts", "a sweep needs at least one layout pattern");
            }
            if (blockSize < 512 || blockSize > 65536 || Integer.bitCount(blockSize) != 1) {
                throw new InvalidInputException("blockSize", "block size " + blockSize
                        + " must be a power of two from 512 to 65536");
            }
            if (!layoutEnd && !midLastBlock) {
                throw new InvalidInputException("size", "a sweep needs at least one i_size placement");
            }
            for (String[] f : new String[][] {{"nosec", Integer.toString(nosec.length)},
                {"nowait", Integer.toString(nowait.length)}, {"async", Integer.toString(async.length)}}) {
                if (f[1].equals("0")) {
                    throw new InvalidInputException(f[0], f[0] + " lists no value; give {true}, {false} or {true, false}");
                }
            }
            List<Layout> layouts = new ArrayList<>();
            for (String p : patterns) {
                for (Layout l : expand(p, boundaries)) {
                    if (!layouts.contains(l)) {
                        layouts.add(l);
                    }
                }
            }
            SweepSpec s = new SweepSpec(this, List.copyOf(layouts));
            if (s.size() == 0) {
                throw new InvalidInputException("offsets", "the sweep has no case: every write ends more than one block "
                        + "past its layout");
            }
            if (s.size() > maxCases) {
                throw new InvalidInputException("layouts", "the sweep has " + s.size() + " cases, more than the limit of "
                        + maxCases + "; start small (fewer '?', coarser steps, fewer flags) or raise "
                        + "-Alocktable.maxSweepCases");
            }
            return s;
        }
    }
}

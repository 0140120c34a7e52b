package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/**
 * The small scope, smallest first: for {@code n} blocks of 4096 bytes, every layout of H/U/W blocks, every i_size at
 * 512-byte granularity from 0 to the end, and every pair (or triple) of operations at 512-byte granularity — each up
 * to three symmetries, which are exact (the cases they drop have isomorphic state graphs, so the same verdict, schedule
 * and state counts and shortest-counterexample length; {@code SymmetryTest} checks it on random cases):
 *
 * <ol>
 * <li><b>Lanes.</b> Two direct writes swapped are the same race with A and B renamed: only {@code A <= B} in a fixed
 * order.</li>
 * <li><b>Positions inside a block.</b> Nothing in the model looks at where a point (an operation's start or end, a
 * truncate's size, i_size) lies inside a block except through its order against the other points and the block's
 * ends: alignment is {@code pos & (bs - 1)}, zero ranges run from a point to the block's end, every comparison is
 * between points, and the sectors between two neighbouring points are treated alike. So the interior points of each
 * block are ranked 1, 2, 3 … sectors from its start (at most 7 points fit a block of 8 sectors).</li>
 * <li><b>Untouched blocks.</b> A block no operation can read or write (outside every write's range, before a
 * truncate's reach) is never looked at by a decision and never changes, so its state does not matter: only H. If no
 * point lies inside it, and not both of its ends are points, it can be cut out without changing any order between
 * points: that case is the one with a block fewer, already explored.</li>
 * </ol>
 */
final class SmallScope {
    static final int BS = 4096;
    static final int PER_BLOCK = BS / Sector.SIZE;
    private static final String[] STATES = {"H", "U", "W"};

    /** One race of the scope. */
    record Case(int blocks, String layout, long size, List<Operation> ops) {
        Inode inode() {
            try {
                return Inode.builder(Layout.parse(layout)).size(size).build();
            } catch (InvalidInputException e) {
                throw new IllegalStateException(layout + " @" + size, e);
            }
        }

        @Override
        public String toString() {
            return "`" + layout + "` i_size " + size + " " + ops;
        }
    }

    /** What kind of operation a lane may be. */
    enum Shape {
        DIRECT, BUFFERED, TRUNCATE
    }

    private SmallScope() {
    }

    /** Every canonical case of {@code blocks} blocks whose lanes have the given shapes, in a fixed order. */
    static void forEach(int blocks, List<Shape> shapes, Consumer<Case> each) {
        forEach(blocks, shapes, PER_BLOCK - 1, each);
    }

    /**
     * As {@link #forEach(int, List, Consumer)}, with at most {@code maxInterior} distinct points inside any block: 3 is
     * the scope of 1024-byte granularity (interior points at 1024, 2048, 3072), 7 every 512-byte position.
     */
    static void forEach(int blocks, List<Shape> shapes, int maxInterior, Consumer<Case> each) {
        int sectors = blocks * PER_BLOCK;
        List<int[]> ranges = new ArrayList<>();
        for (int s = 0; s < sectors; s++) {
            for (int e = s + 1; e <= sectors; e++) {
                ranges.add(new int[] {s, e});
            }
        }
        int[][] points = new int[shapes.size()][];
        enumerate(blocks, shapes, ranges, points, 0, maxInterior, each);
    }

    private static void enumerate(int blocks, List<Shape> shapes, List<int[]> ranges, int[][] points, int lane,
            int maxInterior, Consumer<Case> each) {
        int sectors = blocks * PER_BLOCK;
        if (lane == shapes.size()) {
            for (int size = 0; size <= sectors; size++) {
                emit(blocks, shapes, points, size, maxInterior, each);
            }
            return;
        }
        if (shapes.get(lane) == Shape.TRUNCATE) {
            for (int n = 0; n <= sectors; n++) {
                points[lane] = new int[] {n, n};
                enumerate(blocks, shapes, ranges, points, lane + 1, maxInterior, each);
            }
            return;
        }
        for (int[] r : ranges) {
            points[lane] = r;
            enumerate(blocks, shapes, ranges, points, lane + 1, maxInterior, each);
        }
    }

    private static void emit(int blocks, List<Shape> shapes, int[][] points, int size, int maxInterior, Consumer<Case> each) {
        List<Integer> all = new ArrayList<>();
        for (int[] p : points) {
            all.add(p[0]);
            all.add(p[1]);
        }
        all.add(size);
        if (!canonicalInBlocks(blocks, all, maxInterior)) {
            return;
        }
        boolean[] touched = new boolean[blocks];
        for (int i = 0; i < points.length; i++) {
            if (shapes.get(i) == Shape.TRUNCATE) {
                for (int b = Math.min(points[i][0], size) / PER_BLOCK; b < blocks; b++) {
                    touched[b] = true;
                }
            } else {
                for (int b = points[i][0] / PER_BLOCK; b < (points[i][1] + PER_BLOCK - 1) / PER_BLOCK; b++) {
                    touched[b] = true;
                }
            }
        }
        for (int b = 0; b < blocks; b++) {
            if (!touched[b] && removable(b, all)) {
                return;
            }
        }
        for (List<Operation> ops : kinds(shapes, points)) {
            if (!lanesInOrder(shapes, ops)) {
                continue;
            }
            layouts(blocks, touched, 0, new String[blocks], layout -> each.accept(new Case(blocks, layout,
                    (long) size * Sector.SIZE, ops)));
        }
    }

    /** Rule 2: in every block, the distinct interior points are 1, 2, … sectors from its start. */
    static boolean canonicalInBlocks(int blocks, List<Integer> points, int maxInterior) {
        for (int b = 0; b < blocks; b++) {
            int lo = b * PER_BLOCK;
            boolean[] at = new boolean[PER_BLOCK];
            for (int p : points) {
                if (p > lo && p < lo + PER_BLOCK) {
                    at[p - lo] = true;
                }
            }
            boolean gap = false;
            for (int k = 1; k < PER_BLOCK; k++) {
                if (!at[k]) {
                    gap = true;
                } else if (gap || k > maxInterior) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Rule 3: no point inside block {@code b}, and not both of its ends points. */
    private static boolean removable(int b, List<Integer> points) {
        int lo = b * PER_BLOCK;
        int hi = lo + PER_BLOCK;
        boolean atLo = false;
        boolean atHi = false;
        for (int p : points) {
            if (p > lo && p < hi) {
                return false;
            }
            atLo |= p == lo;
            atHi |= p == hi;
        }
        return !(atLo && atHi);
    }

    private static List<List<Operation>> kinds(List<Shape> shapes, int[][] points) {
        List<List<Operation>> out = new ArrayList<>();
        out.add(List.of());
        for (int i = 0; i < shapes.size(); i++) {
            long off = (long) points[i][0] * Sector.SIZE;
            long len = (long) (points[i][1] - points[i][0]) * Sector.SIZE;
            List<Operation> choices = switch (shapes.get(i)) {
                case DIRECT -> List.of(Operation.aio(off, len), Operation.dio(off, len));
                case BUFFERED -> List.of(Operation.buffered(off, len, false), Operation.buffered(off, len, true));
                case TRUNCATE -> List.of(Operation.truncate(off));
            };
            List<List<Operation>> next = new ArrayList<>();
            for (List<Operation> prefix : out) {
                for (Operation c : choices) {
                    List<Operation> l = new ArrayList<>(prefix);
                    l.add(c);
                    next.add(List.copyOf(l));
                }
            }
            out = next;
        }
        return out;
    }

    /** Rule 1: consecutive lanes of the same shape in a fixed order (kind, offset, length). */
    private static boolean lanesInOrder(List<Shape> shapes, List<Operation> ops) {
        for (int i = 1; i < ops.size(); i++) {
            if (shapes.get(i) == shapes.get(i - 1) && compare(ops.get(i - 1), ops.get(i)) > 0) {
                return false;
            }
        }
        return true;
    }

    static int compare(Operation a, Operation b) {
        int c = a.kind().compareTo(b.kind());
        c = c != 0 ? c : Long.compare(a.offset(), b.offset());
        c = c != 0 ? c : Long.compare(a.length(), b.length());
        return c != 0 ? c : Boolean.compare(a.fsync(), b.fsync());
    }

    private static void layouts(int blocks, boolean[] touched, int b, String[] states, Consumer<String> each) {
        if (b == blocks) {
            each.accept(String.join(" ", states));
            return;
        }
        for (String s : touched[b] ? STATES : new String[] {"H"}) {
            states[b] = s;
            layouts(blocks, touched, b + 1, states, each);
        }
    }

    /** Every case of {@code blocks} blocks for the shapes, as a list. */
    static List<Case> all(int blocks, List<Shape> shapes) {
        return all(blocks, shapes, PER_BLOCK - 1);
    }

    static List<Case> all(int blocks, List<Shape> shapes, int maxInterior) {
        List<Case> out = new ArrayList<>();
        forEach(blocks, shapes, maxInterior, out::add);
        return out;
    }

    /** Rule 2's map of sector positions for {@code raw}: each block's interior points ranked 1, 2, … from its start. */
    static int[] positionMap(Case raw) {
        int n = raw.blocks();
        List<Integer> pts = new ArrayList<>();
        for (Operation op : raw.ops()) {
            pts.add((int) (op.offset() / Sector.SIZE));
            pts.add((int) (op.end() / Sector.SIZE));
        }
        pts.add((int) (raw.size() / Sector.SIZE));
        int[] map = new int[n * PER_BLOCK + 1];
        for (int p = 0; p <= n * PER_BLOCK; p++) {
            map[p] = p;
        }
        for (int b = 0; b < n; b++) {
            int lo = b * PER_BLOCK;
            int[] interior = pts.stream().mapToInt(Integer::intValue).filter(p -> p > lo && p < lo + PER_BLOCK).distinct()
                    .sorted().toArray();
            for (int k = 0; k < interior.length; k++) {
                map[interior[k]] = lo + 1 + k;
            }
        }
        return map;
    }

    /** The representative of a raw case under rules 2 and 3 (untouched blocks H), for {@code SymmetryTest}. */
    static Case canonical(Case raw) {
        int n = raw.blocks();
        int[] map = positionMap(raw);
        List<Operation> ops = new ArrayList<>();
        for (Operation op : raw.ops()) {
            long off = (long) map[(int) (op.offset() / Sector.SIZE)] * Sector.SIZE;
            long end = (long) map[(int) (op.end() / Sector.SIZE)] * Sector.SIZE;
            ops.add(op.kind() == Operation.Kind.TRUNCATE ? Operation.truncate(off)
                    : new Operation(op.kind(), off, end - off, op.fsync()));
        }
        long size = (long) map[(int) (raw.size() / Sector.SIZE)] * Sector.SIZE;
        String[] states = raw.layout().split(" ");
        for (int b = 0; b < n; b++) {
            if (!touched(b, n, ops, size)) {
                states[b] = "H";
            }
        }
        return new Case(n, String.join(" ", states), size, List.copyOf(ops));
    }

    /** Can an operation of {@code ops} read or write block {@code b}? */
    static boolean touched(int b, int blocks, List<Operation> ops, long size) {
        for (Operation op : ops) {
            long from = op.kind() == Operation.Kind.TRUNCATE ? Math.min(op.offset(), size) / BS : op.offset() / BS;
            long to = op.kind() == Operation.Kind.TRUNCATE ? blocks : (op.end() + BS - 1) / BS;
            if (b >= from && b < to) {
                return true;
            }
        }
        return false;
    }
}

package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The correctness criterion (README): the final size and every sector must come from some serial order of the
 * operations. Writes between two size-changing operations (truncate, punch, fallocate) may interleave sector by sector
 * (the block layer orders no bios), so a sector several of them cover may hold any of theirs; a truncate sets the size
 * and zeroes past it, a punch zeroes its range inside i_size, a fallocate grows the size. A bad sector whose bytes are
 * a page-cache copy read while a direct write over it was in flight ({@link FileState#readsStaleCopy}) is a
 * direct/buffered <em>collision</em>, judged apart from the lock decision.
 */
final class SerialOracle {
    private final List<Order> orders;
    private final List<Operation> ops;
    /** Per read (null for the other operations): the lengths and sector values some serial position gives it. */
    private final ReadExpectation[] reads;

    /**
     * What a read may return: a length some serial position gives it, and per sector of its range a value that sector
     * holds at some serial position where it lies inside the file (bit v for value v). Sectors may come from different
     * positions, as a direct read concurrent with a direct write is not atomic; bytes no position has there — zeros
     * over data no order zeroed, a freed block's stale bytes — are bad, and so is a length no position gives.
     */
    private record ReadExpectation(java.util.Set<Long> lengths, int[] allowed) {
    }

    /** One serial order's outcome: the size, and per sector a bit mask of the values it may hold (bit v for value v). */
    private record Order(long size, int[] allowed) {
    }

    /** The bad ranges of one final state: those the lock decision answers for, and the collision's. */
    record Judgement(List<long[]> bad, List<long[]> collision) {
        boolean clean() {
            return bad.isEmpty() && collision.isEmpty();
        }
    }

    SerialOracle(FileState initial, List<Operation> ops) {
        Map<String, Order> distinct = new LinkedHashMap<>();
        boolean writesOnly = ops.stream().allMatch(op -> op.write() || op.read());
        boolean anyRead = ops.stream().anyMatch(Operation::read);
        // Writes only: one group, every order the same outcome.
        List<int[]> orders = writesOnly && !anyRead ? List.of(identity(ops.size())) : permutations(ops.size());
        for (int[] order : orders) {
            Order o = outcome(initial, ops, order);
            distinct.putIfAbsent(o.size + ":" + Arrays.toString(o.allowed), o);
        }
        this.orders = List.copyOf(distinct.values());
        this.ops = List.copyOf(ops);
        this.reads = new ReadExpectation[ops.size()];
        for (int r = 0; r < ops.size(); r++) {
            if (ops.get(r).read()) {
                reads[r] = expectation(initial, ops, r, orders);
            }
        }
    }

    /** Every serial order, the operations one after another, with read {@code r} at its place in each. */
    private static ReadExpectation expectation(FileState initial, List<Operation> ops, int r, List<int[]> orders) {
        Operation read = ops.get(r);
        int first = (int) (read.offset() / Sector.SIZE);
        int[] allowed = new int[(int) (read.length() / Sector.SIZE)];
        java.util.Set<Long> lengths = new java.util.TreeSet<>();
        for (int[] order : orders) {
            long size = initial.size();
            byte[] value = new byte[Math.max(initial.sectors(), (int) (read.end() / Sector.SIZE))];
            for (int s = 0; s < value.length; s++) {
                value[s] = s < initial.sectors() && (long) s * Sector.SIZE < size ? initial.read(s) : Sector.ZERO;
            }
            for (int k : order) {
                Operation op = ops.get(k);
                if (k == r) {
                    lengths.add(Math.max(0, Math.min(read.end(), size) - read.offset()));
                    for (int s = 0; s < allowed.length; s++) {
                        if ((long) (first + s) * Sector.SIZE < size) {
                            allowed[s] |= 1 << value[first + s];
                        }
                    }
                    break;
                }
                if (op.write()) {
                    for (long s = op.offset() / Sector.SIZE; s < op.end() / Sector.SIZE && s < value.length; s++) {
                        value[(int) s] = Sector.of(k);
                    }
                    size = Math.max(size, op.end());
                } else if (op.kind() == Operation.Kind.TRUNCATE) {
                    size = op.offset();
                    for (long s = size / Sector.SIZE; s < value.length; s++) {
                        value[(int) s] = Sector.ZERO;
                    }
                } else if (op.kind() == Operation.Kind.PUNCH) {
                    for (long s = op.offset() / Sector.SIZE; s < Math.min(op.end(), size) / Sector.SIZE; s++) {
                        value[(int) s] = Sector.ZERO;
                    }
                } else if (op.kind() == Operation.Kind.FALLOCATE) {
                    size = Math.max(size, op.end());
                }
            }
        }
        return new ReadExpectation(lengths, allowed);
    }

    /** {@link #judge(FileState)} of the final file, and every finished read's bytes and length against its expectation. */
    Judgement judge(World end) {
        Judgement file = judge(end.file());
        List<long[]> bad = new ArrayList<>(file.bad());
        for (int r = 0; r < ops.size(); r++) {
            if (reads[r] != null) {
                bad.addAll(badRead(ops.get(r), end.op(r), reads[r]));
            }
        }
        if (bad.size() == file.bad().size()) {
            return file;
        }
        return new Judgement(merged(bad), file.collision()); // the file's and a read's bad bytes may overlap
    }

    private static List<long[]> badRead(Operation read, OpState o, ReadExpectation e) {
        return badRead(read, Reads.length(read, o), Reads.sectors(read, o), e);
    }

    /** The bad ranges of what read {@code r} returned: {@code length} bytes, a value per sector of them (-1: unknown). */
    List<long[]> badRead(int r, long length, byte[] got) {
        if (reads[r] == null) {
            throw new IllegalArgumentException(ops.get(r) + " is not a read");
        }
        return badRead(ops.get(r), length, got, reads[r]);
    }

    private static List<long[]> badRead(Operation read, long length, byte[] got, ReadExpectation e) {
        List<long[]> bad = new ArrayList<>();
        if (!e.lengths().contains(length)) {
            long nearest = e.lengths().stream().min((a, b) -> Long.compare(Math.abs(a - length), Math.abs(b - length)))
                    .orElse(0L);
            bad.add(new long[] {read.offset() + Math.min(length, nearest), read.offset() + Math.max(length, nearest)});
        }
        for (int s = 0; s < got.length && s < e.allowed().length; s++) {
            if (got[s] >= 0 && (e.allowed()[s] & (1 << got[s])) == 0) {
                add(bad, (int) (read.offset() / Sector.SIZE) + s);
            }
        }
        return bad;
    }

    private static Order outcome(FileState initial, List<Operation> ops, int[] order) {
        int sectors = initial.sectors();
        int[] allowed = new int[sectors];
        for (int s = 0; s < sectors; s++) {
            allowed[s] = 1 << ((long) s * Sector.SIZE < initial.size() ? initial.read(s) : Sector.ZERO);
        }
        long size = initial.size();
        int[] group = new int[sectors];
        for (int k = 0; k <= order.length; k++) {
            Operation op = k < order.length ? ops.get(order[k]) : null;
            if (op != null && op.read()) {
                continue; // a read changes nothing
            }
            if (op != null && op.write()) {
                for (long s = op.offset() / Sector.SIZE; s < op.end() / Sector.SIZE; s++) {
                    group[(int) s] |= 1 << Sector.of(order[k]);
                }
                size = Math.max(size, op.end());
                continue;
            }
            for (int s = 0; s < sectors; s++) {
                if (group[s] != 0) {
                    allowed[s] = group[s];
                    group[s] = 0;
                }
            }
            if (op == null) {
                break;
            }
            switch (op.kind()) {
                case TRUNCATE -> {
                    size = op.offset();
                    fill(allowed, size, sectors * (long) Sector.SIZE);
                }
                case PUNCH -> fill(allowed, op.offset(), Math.min(op.end(), size));
                case FALLOCATE -> size = Math.max(size, op.end());
                default -> throw new IllegalStateException(op.toString());
            }
        }
        return new Order(size, allowed);
    }

    private static void fill(int[] allowed, long start, long end) {
        for (long s = start / Sector.SIZE; s < end / Sector.SIZE; s++) {
            allowed[(int) s] = 1 << Sector.ZERO;
        }
    }

    private static int[] identity(int n) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        return order;
    }

    private static List<int[]> permutations(int n) {
        List<int[]> all = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, all);
        return all;
    }

    private static void permute(int[] order, boolean[] used, int at, List<int[]> all) {
        if (at == order.length) {
            all.add(order.clone());
            return;
        }
        for (int i = 0; i < order.length; i++) {
            if (!used[i]) {
                used[i] = true;
                order[at] = i;
                permute(order, used, at + 1, all);
                used[i] = false;
            }
        }
    }

    /** The byte ranges {@code [start, end)} of {@code result} that no serial order explains, collisions included; empty when safe. */
    List<long[]> badRanges(FileState last) {
        Judgement j = judge(last);
        List<long[]> both = new ArrayList<>(j.bad());
        both.addAll(j.collision());
        return merged(both);
    }

    /** {@code ranges} sorted, overlapping and touching ones joined. */
    static List<long[]> merged(List<long[]> ranges) {
        List<long[]> sorted = new ArrayList<>(ranges);
        sorted.sort((a, b) -> Long.compare(a[0], b[0]));
        List<long[]> all = new ArrayList<>();
        for (long[] r : sorted) {
            if (!all.isEmpty() && all.get(all.size() - 1)[1] >= r[0]) {
                all.get(all.size() - 1)[1] = Math.max(all.get(all.size() - 1)[1], r[1]);
            } else {
                all.add(r.clone());
            }
        }
        return all;
    }

    /**
     * Judges the final state after all writeback against the serial order that explains most of it: fewest sectors the
     * lock decision answers for, then fewest stale-copy sectors. A final size no order has is bad as a whole range.
     */
    Judgement judge(FileState last) {
        FileState result = last.writtenBack();
        Judgement best = null;
        int bestBad = Integer.MAX_VALUE;
        int bestCollision = Integer.MAX_VALUE;
        for (Order o : orders) {
            if (o.size != result.size()) {
                continue;
            }
            int bad = 0;
            int collision = 0;
            for (int s = 0; (long) s * Sector.SIZE < o.size; s++) {
                if ((o.allowed[s] & (1 << result.read(s))) == 0) {
                    if (result.readsStaleCopy(s)) {
                        collision++;
                    } else {
                        bad++;
                    }
                }
            }
            if (bad < bestBad || (bad == bestBad && collision < bestCollision)) {
                bestBad = bad;
                bestCollision = collision;
                best = ranges(result, o);
                if (bad == 0 && collision == 0) {
                    break;
                }
            }
        }
        if (best != null) {
            return best;
        }
        Order nearest = orders.get(0);
        for (Order o : orders) {
            if (Math.abs(o.size - result.size()) < Math.abs(nearest.size - result.size())) {
                nearest = o;
            }
        }
        Judgement j = ranges(result, nearest);
        List<long[]> bad = new ArrayList<>(j.bad());
        bad.add(new long[] {Math.min(result.size(), nearest.size), Math.max(result.size(), nearest.size)});
        return new Judgement(bad, j.collision());
    }

    private static Judgement ranges(FileState result, Order o) {
        List<long[]> bad = new ArrayList<>();
        List<long[]> collision = new ArrayList<>();
        long end = Math.min(result.size(), o.size);
        for (int s = 0; (long) s * Sector.SIZE < end; s++) {
            if ((o.allowed[s] & (1 << result.read(s))) == 0) {
                add(result.readsStaleCopy(s) ? collision : bad, s);
            }
        }
        return new Judgement(bad, collision);
    }

    private static void add(List<long[]> ranges, int s) {
        long start = (long) s * Sector.SIZE;
        if (!ranges.isEmpty() && ranges.get(ranges.size() - 1)[1] == start) {
            ranges.get(ranges.size() - 1)[1] = start + Sector.SIZE;
        } else {
            ranges.add(new long[] {start, start + Sector.SIZE});
        }
    }
}

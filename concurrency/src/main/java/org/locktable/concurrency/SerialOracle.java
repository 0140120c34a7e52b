package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;

/**
 * The correctness criterion (README): the final size and every sector must come from some serial order of the
 * operations, where a sector two direct writes both cover may hold either's bytes (the block layer orders no bios).
 * A bad sector whose bytes are a page-cache copy read while a direct write over it was in flight
 * ({@link FileState#readsStaleCopy}) is a direct/buffered <em>collision</em>, judged apart from the lock decision.
 */
final class SerialOracle {
    private final FileState initial;
    private final List<Operation> ops;
    private final long expectedSize;

    /** The bad ranges of one final state: those the lock decision answers for, and the collision's. */
    record Judgement(List<long[]> bad, List<long[]> collision) {
        boolean clean() {
            return bad.isEmpty() && collision.isEmpty();
        }
    }

    SerialOracle(FileState initial, List<Operation> ops) {
        this.initial = initial;
        this.ops = List.copyOf(ops);
        long size = initial.size();
        for (Operation op : ops) {
            size = Math.max(size, op.end());
        }
        this.expectedSize = size;
    }

    /** The byte ranges {@code [start, end)} of {@code result} that no serial order explains, collisions included; empty when safe. */
    List<long[]> badRanges(FileState last) {
        Judgement j = judge(last);
        List<long[]> all = new ArrayList<>();
        List<long[]> both = new ArrayList<>(j.bad());
        both.addAll(j.collision());
        both.sort((a, b) -> Long.compare(a[0], b[0]));
        for (long[] r : both) {
            if (!all.isEmpty() && all.get(all.size() - 1)[1] >= r[0]) {
                all.get(all.size() - 1)[1] = Math.max(all.get(all.size() - 1)[1], r[1]);
            } else {
                all.add(r.clone());
            }
        }
        return all;
    }

    /** Judges the final state after all writeback: lock-decision bad ranges, and bad ranges of stale page copies. */
    Judgement judge(FileState last) {
        FileState result = last.writtenBack();
        List<long[]> bad = new ArrayList<>();
        List<long[]> collision = new ArrayList<>();
        long end = Math.min(result.size(), expectedSize);
        for (int s = 0; (long) s * Sector.SIZE < end; s++) {
            if (!allowed(s, result.read(s))) {
                add(result.readsStaleCopy(s) ? collision : bad, s);
            }
        }
        if (result.size() != expectedSize) {
            bad.add(new long[] {Math.min(result.size(), expectedSize), Math.max(result.size(), expectedSize)});
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

    private boolean allowed(int s, byte value) {
        long at = (long) s * Sector.SIZE;
        boolean covered = false;
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).offset() <= at && at < ops.get(i).end()) {
                covered = true;
                if (value == Sector.of(i)) {
                    return true;
                }
            }
        }
        return !covered && value == (at < initial.size() ? initial.read(s) : Sector.ZERO);
    }
}

package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;

/**
 * The correctness criterion (README): the final size and every sector must come from some serial order of the
 * operations, where a sector two direct writes both cover may hold either's bytes (the block layer orders no bios).
 */
final class SerialOracle {
    private final FileState initial;
    private final List<Operation> ops;
    private final long expectedSize;

    SerialOracle(FileState initial, List<Operation> ops) {
        this.initial = initial;
        this.ops = List.copyOf(ops);
        long size = initial.size();
        for (Operation op : ops) {
            size = Math.max(size, op.end());
        }
        this.expectedSize = size;
    }

    /** The byte ranges {@code [start, end)} of {@code result} that no serial order explains; empty when safe. */
    List<long[]> badRanges(FileState last) {
        FileState result = last.writtenBack();
        List<long[]> bad = new ArrayList<>();
        if (result.size() != expectedSize) {
            bad.add(new long[] {Math.min(result.size(), expectedSize), Math.max(result.size(), expectedSize)});
        }
        long end = Math.min(result.size(), expectedSize);
        for (int s = 0; (long) s * Sector.SIZE < end; s++) {
            if (!allowed(s, result.read(s))) {
                long start = (long) s * Sector.SIZE;
                if (!bad.isEmpty() && bad.get(bad.size() - 1)[1] == start) {
                    bad.get(bad.size() - 1)[1] = start + Sector.SIZE;
                } else {
                    bad.add(new long[] {start, start + Sector.SIZE});
                }
            }
        }
        return bad;
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

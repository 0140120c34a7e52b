package org.locktable.replay;

import java.util.ArrayList;
import java.util.List;

import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Sector;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;

/**
 * The concurrency model's correctness criterion ({@code SerialOracle}, concurrency/README.md) applied to a file read
 * back from the kernel: the size is the largest of the old size and every write's end; a sector one or more writes
 * cover holds one of their patterns; any other sector holds what it held before ({@code o} in a written block inside
 * the old size, zeros otherwise). The contents are a character per 512-byte sector: {@code A B C} an operation's
 * pattern, {@code o} the original bytes, {@code 0} zeros, anything else stale.
 */
public final class LiveCriterion {
    private LiveCriterion() {
    }

    /** The byte ranges no serial order explains; empty when the file is intact. */
    public static List<long[]> badRanges(Inode before, List<Operation> ops, long size, String contents) {
        long expected = before.size();
        for (Operation op : ops) {
            expected = Math.max(expected, op.end());
        }
        List<long[]> bad = new ArrayList<>();
        if (size != expected) {
            bad.add(new long[] {Math.min(size, expected), Math.max(size, expected)});
        }
        long end = Math.min(size, expected);
        for (int s = 0; (long) s * Sector.SIZE < end; s++) {
            char c = s < contents.length() ? contents.charAt(s) : '?';
            if (!allowed(before, ops, (long) s * Sector.SIZE, c)) {
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

    private static boolean allowed(Inode before, List<Operation> ops, long at, char c) {
        boolean covered = false;
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).offset() <= at && at < ops.get(i).end()) {
                covered = true;
                if (c == (char) ('A' + i)) {
                    return true;
                }
            }
        }
        if (covered) {
            return false;
        }
        long block = at / before.blockSize();
        boolean written = block < before.layout().blocks() && before.layout().stateAt(block) == BlockState.WRITTEN;
        return c == (written && at < before.size() ? 'o' : '0');
    }

    /** {@code [6144,8192) [10240,12288)}. */
    public static String text(List<long[]> ranges) {
        StringBuilder b = new StringBuilder();
        for (long[] r : ranges) {
            b.append(b.length() == 0 ? "" : " ").append('[').append(r[0]).append(',').append(r[1]).append(')');
        }
        return b.toString();
    }
}

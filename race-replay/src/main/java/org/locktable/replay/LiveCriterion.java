package org.locktable.replay;

import java.util.List;

import org.locktable.concurrency.Operation;
import org.locktable.concurrency.SerialCriterion;
import org.locktable.engine.model.Inode;

/**
 * The concurrency model's correctness criterion ({@code SerialOracle}, concurrency/README.md) applied to what a live
 * replay saw: the file read back after umount + mount and the bytes each read returned, a character per 512-byte
 * sector ({@code A}..{@code D} an operation's pattern, {@code o} the original bytes, {@code 0} zeros, anything else
 * stale). The same test as the model's, through {@link SerialCriterion}: truncate, punch and fallocate change what a
 * serial order leaves as they do there.
 */
public final class LiveCriterion {
    private LiveCriterion() {
    }

    /** The byte ranges of the read-back file no serial order explains; empty when the file is intact. */
    public static List<long[]> badRanges(Inode before, List<Operation> ops, long size, String contents) {
        return new SerialCriterion(before, ops).badFile(size, contents);
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

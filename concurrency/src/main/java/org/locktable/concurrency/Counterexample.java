package org.locktable.concurrency;

import java.util.List;

/** A shortest schedule whose result no serial order explains: its steps as lane-prefixed strings and the bad byte ranges. */
public record Counterexample(List<String> steps, List<long[]> badRanges, String timeline, String contents) {

    public String badRangesText() {
        return rangesText(badRanges);
    }

    static String rangesText(List<long[]> badRanges) {
        StringBuilder b = new StringBuilder();
        for (long[] r : badRanges) {
            b.append(b.length() == 0 ? "" : " ").append('[').append(r[0]).append(',').append(r[1]).append(')');
        }
        return b.toString();
    }
}

package org.locktable.concurrency;

import java.util.List;
import java.util.function.Supplier;

/**
 * A shortest schedule whose result no serial order explains: its steps as lane-prefixed strings and the bad byte
 * ranges. The steps, the timeline and the file's letters are drawn on first use (an exploration that only wants the
 * verdict does not pay for them).
 */
public final class Counterexample {
    private final Supplier<List<String>> steps;
    private final List<long[]> badRanges;
    private final Supplier<String> timeline;
    private final Supplier<String> contents;
    private List<String> stepsDrawn;
    private String timelineDrawn;
    private String contentsDrawn;

    public Counterexample(List<String> steps, List<long[]> badRanges, String timeline, String contents) {
        this(() -> steps, badRanges, () -> timeline, () -> contents);
    }

    Counterexample(Supplier<List<String>> steps, List<long[]> badRanges, Supplier<String> timeline, Supplier<String> contents) {
        this.steps = steps;
        this.badRanges = List.copyOf(badRanges);
        this.timeline = timeline;
        this.contents = contents;
    }

    /** Each step as {@code "A: label"}, in schedule order. */
    public synchronized List<String> steps() {
        if (stepsDrawn == null) {
            stepsDrawn = List.copyOf(steps.get());
        }
        return stepsDrawn;
    }

    /** The bad byte ranges, each {@code [start, end)}. */
    public List<long[]> badRanges() {
        return badRanges;
    }

    /** The schedule drawn with a lane per operation. */
    public synchronized String timeline() {
        if (timelineDrawn == null) {
            timelineDrawn = timeline.get();
        }
        return timelineDrawn;
    }

    /** The file after the schedule, a letter per sector (Timeline.contents). */
    public synchronized String contents() {
        if (contentsDrawn == null) {
            contentsDrawn = contents.get();
        }
        return contentsDrawn;
    }

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

    @Override
    public String toString() {
        return "Counterexample[" + steps().size() + " steps, bad " + badRangesText() + "]";
    }
}

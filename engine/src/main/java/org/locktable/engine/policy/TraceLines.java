package org.locktable.engine.policy;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.Detail;

/** A decision's trace, kept with {@link Detail#FULL} only: one line per step, {@code function: text}. */
final class TraceLines {
    private final List<String> lines;

    TraceLines(boolean kept) {
        this.lines = kept ? new ArrayList<>(8) : null;
    }

    boolean kept() {
        return lines != null;
    }

    void add(String function, String text) {
        if (lines != null) {
            lines.add(function + ": " + text);
        }
    }

    /** The text in two pieces, joined only when the trace is kept: decisions for tables build no strings. */
    void add(String function, String text, String more) {
        if (lines != null) {
            lines.add(function + ": " + text + more);
        }
    }

    List<String> toList() {
        return lines == null ? List.of() : List.copyOf(lines);
    }
}

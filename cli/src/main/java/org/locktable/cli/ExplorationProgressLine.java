package org.locktable.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

import org.locktable.concurrency.ExplorationBudget;

/** The race walk's progress as one line on a terminal's stderr: {@code exploring: 1,245,184 states (...) 12.0 s}. */
final class ExplorationProgressLine implements ExplorationBudget.Progress {
    private final TerminalLine line;
    private final boolean enabled;

    ExplorationProgressLine(PrintWriter err, boolean enabled) {
        this.line = new TerminalLine(err);
        this.enabled = enabled;
    }

    @Override
    public void explored(int states, int expanded, Duration elapsed) {
        if (enabled) {
            line.show(String.format(Locale.ROOT, "exploring: %,d states, %,d expanded, %.1f s", states, expanded,
                    elapsed.toMillis() / 1000.0));
        }
    }

    /** Erases the line, if one was shown. */
    void clear() {
        line.clear();
    }
}

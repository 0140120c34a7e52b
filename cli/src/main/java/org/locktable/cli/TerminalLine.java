package org.locktable.cli;

import java.io.PrintWriter;

/** One line of progress on stderr, rewritten in place with a carriage return and erased when the work is done. */
final class TerminalLine {
    private final PrintWriter err;
    private int shownWidth;

    TerminalLine(PrintWriter err) {
        this.err = err;
    }

    /** Replaces what the line shows with {@code line}, blanking what a longer one left. */
    void show(String line) {
        err.print("\r" + line + " ".repeat(Math.max(0, shownWidth - line.length())));
        err.flush();
        shownWidth = line.length();
    }

    /** Erases the line, if one was shown. */
    void clear() {
        if (shownWidth > 0) {
            err.print("\r" + " ".repeat(shownWidth) + "\r");
            err.flush();
            shownWidth = 0;
        }
    }
}

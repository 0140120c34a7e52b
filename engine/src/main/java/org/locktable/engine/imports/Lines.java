package org.locktable.engine.imports;

import java.util.ArrayList;
import java.util.List;

/** The input, line by line, with 1-based numbers; a trailing carriage return is dropped from every line. */
final class Lines {
    private static final int QUOTE_MAX = 60;

    private final List<String> lines;
    private int next;

    Lines(List<String> raw) {
        lines = new ArrayList<>(raw.size());
        for (String s : raw) {
            lines.add(s.endsWith("\r") ? s.substring(0, s.length() - 1) : s);
        }
    }

    boolean atEnd() {
        return next >= lines.size();
    }

    /** The next line, or null at the end of the input. */
    String peek() {
        return atEnd() ? null : lines.get(next);
    }

    /** The line after the next one, or null. */
    String peekSecond() {
        return next + 1 < lines.size() ? lines.get(next + 1) : null;
    }

    /** Consumes the next line. */
    String take() {
        return lines.get(next++);
    }

    /** The number of the next line; at the end of the input, the line after the last one. */
    int number() {
        return next + 1;
    }

    /** The number of the line {@link #take()} returned last. */
    int taken() {
        return next;
    }

    void skipBlank() {
        while (!atEnd() && lines.get(next).isBlank()) {
            next++;
        }
    }

    /**
     * Checks that only blank lines are left after a table; else the next line is another table's {@code FILE:} line
     * or {@code output} ("xfs_bmap's output") should have ended before it.
     */
    void expectEnd(String output) throws ExtentMapException {
        skipBlank();
        if (!atEnd()) {
            String extra = peek();
            throw new ExtentMapException(number(), extra.endsWith(":")
                    ? "expected one table per input; found " + quote(extra) + ", the start of another"
                    : "expected the end of " + output + "; found " + quote(extra));
        }
    }

    /** True when only blank lines are left. */
    boolean restIsBlank() {
        for (int i = next; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                return false;
            }
        }
        return true;
    }

    /** A line quoted for an error message: shortened, control characters escaped. */
    static String quote(String s) {
        if (s == null) {
            return "the end of the input";
        }
        StringBuilder b = new StringBuilder(Math.min(s.length(), QUOTE_MAX) + 8).append('"');
        int n = Math.min(s.length(), QUOTE_MAX);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '\t') {
                b.append("\\t");
            } else if (c < 0x20 || c == 0x7f) {
                b.append(String.format("\\x%02x", (int) c));
            } else if (c == '\ufffd') {
                b.append('?'); // a byte that is not UTF-8
            } else {
                b.append(c);
            }
        }
        if (s.length() > n) {
            b.append("...");
        }
        return b.append('"').toString();
    }
}

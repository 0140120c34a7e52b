package org.locktable.engine.imports;

import org.locktable.engine.model.InvalidInputException;

/**
 * Extent-map text that does not parse, or that describes no layout locktable can model: {@link #line()} is the
 * 1-based line of the input where the problem is (the line after the last one when the input ends too early),
 * {@link #expected()} says what was expected there and what was found.
 */
public final class ExtentMapException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final String expected;

    public ExtentMapException(int line, String expected) {
        super("extentMap", "line " + line + ": " + expected);
        this.line = line;
        this.expected = expected;
    }

    /** 1-based line number. */
    public int line() {
        return line;
    }

    /** What was expected at {@link #line()}, and what was found instead; no line number. */
    public String expected() {
        return expected;
    }
}

package org.locktable.engine.model;

/**
 * A request, inode or layout the engine cannot decide on, with a message that names the offending value.
 * Every bad input the engine sees ends in this exception (or its subclass {@link LayoutSyntaxException});
 * nothing else escapes for bad input.
 */
public class InvalidInputException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String field;

    public InvalidInputException(String field, String message) {
        super(message);
        this.field = field;
    }

    /** The input that was wrong: {@code layout}, {@code offset}, {@code blockSize}, ... */
    public String field() {
        return field;
    }
}

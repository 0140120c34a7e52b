package org.locktable.engine.model;

/** A layout string that does not parse; {@link #column()} is 1-based, like an editor's. */
public final class LayoutSyntaxException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    private final int column;

    LayoutSyntaxException(String layout, int column, String problem) {
        super("layout", "layout \"" + layout + "\", column " + column + ": " + problem);
        this.column = column;
    }

    public int column() {
        return column;
    }
}

package org.locktable.engine.text;

/** A message on one line: what an error line on stderr, or a diagnostic, may hold. */
public final class OneLine {
    private OneLine() {
    }

    /** {@code text} stripped, each run of line breaks (and the blanks around it) made {@code "; "}. */
    public static String of(String text) {
        return String.valueOf(text).strip().replaceAll("\\s*[\\r\\n]+\\s*", "; ");
    }
}

package org.locktable.calibration.text;

import java.util.List;

/** A small Markdown writer: lines, the report's prose blocks, headings and table rows. */
public final class Markdown {
    private final StringBuilder md = new StringBuilder();

    public Markdown line(String s) {
        md.append(s).append('\n');
        return this;
    }

    public Markdown blank() {
        return line("");
    }

    /** A line followed by a blank line: a heading or a paragraph. */
    public Markdown paragraph(String s) {
        return line(s).blank();
    }

    /** {@link Prose#text(String, String...)} as a paragraph. */
    public Markdown prose(String key, String... values) {
        return paragraph(Prose.text(key, values));
    }

    /** A table's header row and alignment row ({@code l} left, {@code r} right, one letter per column). */
    public Markdown table(String header, String align) {
        line(header);
        StringBuilder row = new StringBuilder("|");
        for (char c : align.toCharArray()) {
            row.append(c == 'r' ? "---:|" : "---|");
        }
        return line(row.toString());
    }

    /** A table row of cells, {@code | a | b |}. */
    public Markdown row(List<String> cells) {
        return line("| " + String.join(" | ", cells) + " |");
    }

    public Markdown append(String raw) {
        md.append(raw);
        return this;
    }

    public String text() {
        return md.toString();
    }
}

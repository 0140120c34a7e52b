package org.locktable.calibration.text;

import org.locktable.engine.text.MarkdownTable;

/** The reports' Markdown: lines, prose blocks from the template, headings and tables. */
public final class Markdown {
    private final StringBuilder md = new StringBuilder();
    private MarkdownTable table;

    public Markdown line(String s) {
        flush();
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

    /**
     * Starts a table ({@link MarkdownTable}: cells escaped): {@code align} has one letter per column, {@code l} left,
     * {@code r} right. Its rows follow with {@link #row}; the next other write ends it.
     */
    public Markdown table(String align, String... headers) {
        if (align.length() != headers.length) {
            throw new IllegalArgumentException(align.length() + " alignments for " + headers.length + " columns");
        }
        flush();
        table = new MarkdownTable();
        for (int i = 0; i < headers.length; i++) {
            if (align.charAt(i) == 'r') {
                table.right(headers[i]);
            } else {
                table.left(headers[i]);
            }
        }
        return this;
    }

    /** A row of the table {@link #table} started. */
    public Markdown row(Object... cells) {
        if (table == null) {
            throw new IllegalStateException("a row outside a table");
        }
        table.row(cells);
        return this;
    }

    public Markdown append(String raw) {
        flush();
        md.append(raw);
        return this;
    }

    public String text() {
        flush();
        return md.toString();
    }

    private void flush() {
        if (table != null) {
            md.append(table.render());
            table = null;
        }
    }
}

package org.locktable.engine.text;

import java.util.ArrayList;
import java.util.List;

/**
 * The project's one Markdown table writer (GitHub-flavoured): {@code | a | b |}, a separator row with each
 * column's alignment, then the rows. A cell's {@code |} is escaped and a line break becomes a blank, so no cell
 * can break the table's shape.
 *
 * <pre>{@code
 * String md = new MarkdownTable().left("policy").right("IOPS").row("ext4-base", "1200").render();
 * }</pre>
 */
public final class MarkdownTable {
    private final List<String> headers = new ArrayList<>();
    private final List<String> separators = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    /** A left-aligned column ({@code ---}). */
    public MarkdownTable left(String header) {
        return column(header, "---");
    }

    /** A right-aligned column ({@code ---:}), for numbers. */
    public MarkdownTable right(String header) {
        return column(header, "---:");
    }

    /** Left-aligned columns. */
    public MarkdownTable left(String... headers) {
        for (String h : headers) {
            left(h);
        }
        return this;
    }

    /** Right-aligned columns. */
    public MarkdownTable right(String... headers) {
        for (String h : headers) {
            right(h);
        }
        return this;
    }

    private MarkdownTable column(String header, String separator) {
        if (!rows.isEmpty()) {
            throw new IllegalStateException("columns come before rows");
        }
        headers.add(header);
        separators.add(separator);
        return this;
    }

    public MarkdownTable row(Object... cells) {
        List<String> r = new ArrayList<>(cells.length);
        for (Object c : cells) {
            r.add(String.valueOf(c));
        }
        return row(r);
    }

    public MarkdownTable row(List<String> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException(cells.size() + " cells for " + headers.size() + " columns: " + cells);
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table, each row ending in a newline. */
    public String render() {
        StringBuilder s = new StringBuilder();
        line(s, headers);
        s.append('|');
        for (String sep : separators) {
            s.append(sep).append('|');
        }
        s.append('\n');
        for (List<String> r : rows) {
            line(s, r);
        }
        return s.toString();
    }

    @Override
    public String toString() {
        return render();
    }

    /** {@code text} made safe for one cell. */
    public static String cell(String text) {
        return text.replace("|", "\\|").replace("\r\n", " ").replace('\n', ' ');
    }

    private static void line(StringBuilder s, List<String> cells) {
        s.append('|');
        for (String c : cells) {
            s.append(' ').append(cell(c)).append(" |");
        }
        s.append('\n');
    }
}

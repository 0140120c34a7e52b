package org.locktable.timing.tsv;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tab-separated data files the timing model ships as resources (seed cells, seed workloads, fitted values):
 * {@code #} comment lines, then a header row, then one row per record, every row with the header's column count.
 * {@link #format(List, List, List)} writes the same format back, so calibration rewrites the files it fits.
 */
public final class Tsv {
    private final String name;
    private final List<String> comments;
    private final List<String> header;
    private final List<Map<String, String>> rows;

    private Tsv(String name, List<String> comments, List<String> header, List<Map<String, String>> rows) {
        this.name = name;
        this.comments = comments;
        this.header = header;
        this.rows = rows;
    }

    /** Reads the resource {@code name} next to {@code anchor}'s class file. */
    public static Tsv resource(Class<?> anchor, String name) {
        try (InputStream in = anchor.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " beside " + anchor.getName());
            }
            return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + name, e);
        }
    }

    /** Parses {@code text}; {@code name} is what errors call it. */
    public static Tsv parse(String name, String text) {
        List<String> comments = new ArrayList<>();
        List<String> header = null;
        List<Map<String, String>> rows = new ArrayList<>();
        int lineNo = 0;
        for (String line : text.split("\n", -1)) {
            lineNo++;
            if (line.startsWith("#")) {
                comments.add(line);
                continue;
            }
            if (line.isEmpty()) {
                continue;
            }
            List<String> cells = Arrays.asList(line.split("\t", -1));
            if (header == null) {
                header = List.copyOf(cells);
                continue;
            }
            if (cells.size() != header.size()) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": " + cells.size() + " columns, the header has "
                        + header.size());
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < cells.size(); i++) {
                row.put(header.get(i), cells.get(i));
            }
            rows.add(row);
        }
        if (header == null) {
            throw new IllegalArgumentException(name + ": no header row");
        }
        return new Tsv(name, List.copyOf(comments), header, List.copyOf(rows));
    }

    /** The {@code #} lines, as they are. */
    public List<String> comments() {
        return comments;
    }

    public List<String> header() {
        return header;
    }

    /** The records, each keyed by the header's names. */
    public List<Map<String, String>> rows() {
        return rows;
    }

    /** A cell as a number, or an error naming the file and the column. */
    public double number(Map<String, String> row, String column) {
        try {
            return Double.parseDouble(row.get(column));
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalArgumentException(name + ": " + column + " '" + row.get(column) + "' is not a number");
        }
    }

    /** The text of a file with these comment lines, header and rows (each in the header's order). */
    public static String format(List<String> comments, List<String> header, List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        comments.forEach(c -> out.append(c).append('\n'));
        out.append(String.join("\t", header)).append('\n');
        for (List<String> r : rows) {
            if (r.size() != header.size() || r.stream().anyMatch(c -> c.contains("\t") || c.contains("\n"))) {
                throw new IllegalArgumentException("row " + r + " does not fit the header " + header);
            }
            out.append(String.join("\t", r)).append('\n');
        }
        return out.toString();
    }
}

package org.locktable.concurrency.safety;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.locktable.engine.text.MarkdownTable;

/**
 * The live replays of R4 on a real kernel, from the resource {@code live-replay.tsv} beside this class (comment lines
 * start with {@code #}, then a header row): the recorded harness run until {@code race --live} rows are added.
 */
public record LiveReplay(List<Row> rows) {
    public static final String RESOURCE = "live-replay.tsv";

    /** One configuration: where it comes from, the kernel and file system, the two writes, runs and corrupted runs. */
    public record Row(String source, String kernel, String fs, String a, String b, int runs, int corrupted, String note) {
    }

    /** The bundled data; no rows when the resource is absent. */
    public static LiveReplay bundled() {
        try (InputStream in = LiveReplay.class.getResourceAsStream(RESOURCE)) {
            return in == null ? new LiveReplay(List.of()) : parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static LiveReplay parse(String tsv) {
        List<Row> rows = new ArrayList<>();
        boolean header = true;
        int line = 0;
        for (String l : tsv.split("\n", -1)) {
            line++;
            if (l.isBlank() || l.startsWith("#")) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            String[] f = l.split("\t", -1);
            if (f.length != 8) {
                throw new IllegalStateException(RESOURCE + ":" + line + ": 8 tab-separated fields expected, got " + f.length);
            }
            rows.add(new Row(f[0], f[1], f[2], f[3], f[4], Integer.parseInt(f[5]), Integer.parseInt(f[6]), f[7]));
        }
        return new LiveReplay(List.copyOf(rows));
    }

    /**
     * The row of R4 itself on one file system (A ends at EOF, B the aligned extending direct write): a {@code race --live}
     * row if there is one, else the first other.
     */
    public java.util.Optional<Row> r4(String fs) {
        List<Row> r4 = rows.stream().filter(r -> r.fs().equals(fs) && r.a().contains("ends at EOF")
                && r.b().contains("4096+4096")).toList();
        return r4.stream().filter(r -> r.source().equals("race --live")).findFirst().or(() -> r4.stream().findFirst());
    }

    public String toMarkdown() {
        if (rows.isEmpty()) {
            return "No live replay data is bundled (" + RESOURCE + ").\n";
        }
        MarkdownTable t = new MarkdownTable().left("source", "kernel", "file system", "A", "B").right("corrupted / runs")
                .left("note");
        for (Row r : rows) {
            t.row(r.source(), r.kernel(), r.fs(), r.a(), r.b(), r.corrupted() + " / " + r.runs(), r.note());
        }
        return t.render();
    }
}

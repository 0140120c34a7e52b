package org.locktable.engine.scenario;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every scenario page of one compilation (the Markdown pages, their charts and the index page) in one resource,
 * {@value #RESOURCE} on the class output: the processor writes it once instead of a file per page (javac's Filer
 * checks every created file against every input and earlier output, which for a thousand pages cost more than
 * rendering them), and {@code locktable docs} unpacks it into {@code generated-docs/scenarios/}.
 *
 * <p>The format is text: a header line, then per file, sorted by path, a line {@code == <path> <bytes>}, the file's
 * {@code <bytes>} bytes of UTF-8, and a newline.
 */
public final class ScenarioPages {
    /** Where the bundle is, relative to a class-path root. */
    public static final String RESOURCE = "locktable/scenarios.pages";
    /** The index page's path inside the bundle. */
    public static final String INDEX = "index.md";
    private static final String HEADER = "# locktable scenario pages: '== path bytes', then the file; written by the "
            + "locktable annotation processor, unpacked by locktable docs\n";
    private static final String MARK = "== ";

    private ScenarioPages() {
    }

    /** The bundle of {@code files} (path relative to the pages' root → content). */
    public static String format(Map<String, String> files) {
        StringBuilder s = new StringBuilder(HEADER);
        for (Map.Entry<String, String> e : new TreeMap<>(files).entrySet()) {
            if (e.getKey().isEmpty() || e.getKey().contains(" ") || e.getKey().contains("\n")) {
                throw new IllegalArgumentException("not a page path: \"" + e.getKey() + "\"");
            }
            s.append(MARK).append(e.getKey()).append(' ').append(e.getValue().getBytes(StandardCharsets.UTF_8).length)
                    .append('\n').append(e.getValue()).append('\n');
        }
        return s.toString();
    }

    /** The files of a bundle, by path, each as its bytes. */
    public static SortedMap<String, byte[]> parse(byte[] bundle) {
        SortedMap<String, byte[]> out = new TreeMap<>();
        int at = lineEnd(bundle, 0) + 1;
        if (!new String(bundle, 0, at, StandardCharsets.UTF_8).equals(HEADER)) {
            throw new IllegalArgumentException("not a scenario page bundle (its first line is not the header)");
        }
        while (at < bundle.length) {
            int end = lineEnd(bundle, at);
            String line = new String(bundle, at, end - at, StandardCharsets.UTF_8);
            int space = line.lastIndexOf(' ');
            if (!line.startsWith(MARK) || space <= MARK.length()) {
                throw new IllegalArgumentException("not a scenario page bundle: \"" + line + "\" at byte " + at);
            }
            int size = Integer.parseInt(line.substring(space + 1));
            int from = end + 1;
            if (size < 0 || from + size >= bundle.length || bundle[from + size] != '\n') {
                throw new IllegalArgumentException("scenario page bundle cut short in " + line.substring(MARK.length(), space));
            }
            byte[] content = new byte[size];
            System.arraycopy(bundle, from, content, 0, size);
            out.put(line.substring(MARK.length(), space), content);
            at = from + size + 1;
        }
        return out;
    }

    /** The same, each file as text. */
    public static SortedMap<String, String> parseText(byte[] bundle) {
        SortedMap<String, String> out = new TreeMap<>();
        parse(bundle).forEach((path, bytes) -> out.put(path, new String(bytes, StandardCharsets.UTF_8)));
        return out;
    }

    private static int lineEnd(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        throw new IllegalArgumentException("scenario page bundle cut short at byte " + from);
    }
}

package org.locktable.calibration.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report's fixed text, from the resource {@value #FILE}: blocks that start with a line {@code @@ key}, with
 * {@code ${name}} placeholders for the numbers and names the report fills in. A placeholder without a value, or a
 * value without a placeholder, is an error: the text and the code that fills it stay in step.
 */
public final class Prose {
    private Prose() {
    }

    static final String FILE = "timing-validation.prose";

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9]+)}");
    private static final Map<String, String> BLOCKS = read();

    private static Map<String, String> read() {
        String text;
        try (InputStream in = Prose.class.getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + FILE);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FILE, e);
        }
        Map<String, String> blocks = new LinkedHashMap<>();
        String key = null;
        StringBuilder body = new StringBuilder();
        String lines = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        for (String line : lines.split("\n", -1)) {
            if (line.startsWith("@@ ")) {
                put(blocks, key, body);
                key = line.substring(3).strip();
                body.setLength(0);
            } else if (key != null) {
                body.append(line).append('\n');
            }
        }
        put(blocks, key, body);
        return blocks;
    }

    private static void put(Map<String, String> blocks, String key, StringBuilder body) {
        if (key != null) {
            String text = body.toString();
            // the block's own line break before the next "@@" (or the file's last one) is not part of it
            blocks.put(key, text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
        }
    }

    /** Block {@code key} with {@code values} ({@code name, value, name, value, ...}) filled in. */
    public static String text(String key, String... values) {
        String block = BLOCKS.get(key);
        if (block == null) {
            throw new IllegalStateException(FILE + " has no block '" + key + "'");
        }
        Map<String, String> vars = new LinkedHashMap<>();
        for (int i = 0; i + 1 < values.length; i += 2) {
            vars.put(values[i], values[i + 1]);
        }
        Matcher m = PLACEHOLDER.matcher(block);
        StringBuilder out = new StringBuilder();
        java.util.Set<String> used = new java.util.HashSet<>();
        while (m.find()) {
            String v = vars.get(m.group(1));
            if (v == null) {
                throw new IllegalStateException(FILE + " block '" + key + "': no value for ${" + m.group(1) + "}");
            }
            used.add(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(v));
        }
        m.appendTail(out);
        if (!used.equals(vars.keySet())) {
            throw new IllegalStateException(FILE + " block '" + key + "' has no place for " + vars.keySet());
        }
        return out.toString();
    }
}

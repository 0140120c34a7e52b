package org.locktable.cli;

import java.util.Arrays;
import java.util.List;

/**
 * A minimal, dependency-free JSON writer producing compact output (no whitespace) in the order values are
 * written. Commas are inserted automatically; strings are escaped as RFC 8259 requires: {@code "} and
 * {@code \}, every control character below U+0020 (short forms where JSON has them, {@code \}{@code u00XX}
 * otherwise) and unpaired surrogates. Everything else, non-ASCII included, is written as is.
 */
final class JsonWriter {
    private final StringBuilder out;
    /** Per nesting level: true until the first element of that object or array is written. */
    private boolean[] first = new boolean[8];
    private int depth;
    private boolean afterName;

    JsonWriter(StringBuilder out) {
        this.out = out;
    }

    JsonWriter() {
        this(new StringBuilder(256));
    }

    JsonWriter beginObject() {
        separate();
        out.append('{');
        push();
        return this;
    }

    JsonWriter endObject() {
        depth--;
        out.append('}');
        return this;
    }

    JsonWriter beginArray() {
        separate();
        out.append('[');
        push();
        return this;
    }

    JsonWriter endArray() {
        depth--;
        out.append(']');
        return this;
    }

    JsonWriter name(String name) {
        separate();
        quote(out, name);
        out.append(':');
        afterName = true;
        return this;
    }

    JsonWriter value(String s) {
        separate();
        if (s == null) {
            out.append("null");
        } else {
            quote(out, s);
        }
        return this;
    }

    JsonWriter value(long v) {
        separate();
        out.append(v);
        return this;
    }

    JsonWriter value(boolean v) {
        separate();
        out.append(v);
        return this;
    }

    JsonWriter nullValue() {
        separate();
        out.append("null");
        return this;
    }

    JsonWriter field(String name, String v) {
        return name(name).value(v);
    }

    JsonWriter field(String name, long v) {
        return name(name).value(v);
    }

    JsonWriter field(String name, boolean v) {
        return name(name).value(v);
    }

    /** A field whose value is an array of strings. */
    JsonWriter field(String name, List<String> values) {
        name(name).beginArray();
        for (String v : values) {
            value(v);
        }
        return endArray();
    }

    @Override
    public String toString() {
        return out.toString();
    }

    private void push() {
        depth++;
        if (depth == first.length) {
            first = Arrays.copyOf(first, depth * 2);
        }
        first[depth] = true;
    }

    private void separate() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (depth > 0) {
            if (!first[depth]) {
                out.append(',');
            }
            first[depth] = false;
        }
    }

    /** Appends {@code s} as a JSON string literal. */
    static void quote(StringBuilder out, String s) {
        out.append('"');
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                case '\b':
                    out.append("\\b");
                    break;
                case '\f':
                    out.append("\\f");
                    break;
                default:
                    if (c < 0x20) {
                        unicodeEscape(out, c);
                    } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        unicodeEscape(out, c); // unpaired: not encodable in UTF-8, but legal as an escape
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2);
        quote(b, s);
        return b.toString();
    }

    private static void unicodeEscape(StringBuilder out, char c) {
        out.append("\\u");
        String hex = Integer.toHexString(c);
        for (int k = hex.length(); k < 4; k++) {
            out.append('0');
        }
        out.append(hex);
    }
}

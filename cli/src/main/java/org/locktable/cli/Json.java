package org.locktable.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * The command line's JSON output: compact (no whitespace), fields in the order they are written, one document per
 * call. Jackson's streaming generator does the writing and the escaping (RFC 8259).
 */
final class Json {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    /** What a document's body writes through the generator. */
    @FunctionalInterface
    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    private Json() {
    }

    static String write(Body body) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            body.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON to a string", e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /** {@code "name":["a","b"]}. */
    static void stringArray(JsonGenerator g, String name, Iterable<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    /** {@code "name": [[start, end], ...]}: byte ranges, each {@code [start, end)}. */
    static void rangeArray(JsonGenerator g, String name, Iterable<long[]> ranges) throws IOException {
        g.writeArrayFieldStart(name);
        for (long[] r : ranges) {
            g.writeStartArray();
            g.writeNumber(r[0]);
            g.writeNumber(r[1]);
            g.writeEndArray();
        }
        g.writeEndArray();
    }
}

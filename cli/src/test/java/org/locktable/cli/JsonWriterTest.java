package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class JsonWriterTest {
    @Test
    void escapesWhatJsonRequiresAndNothingElse() {
        assertEquals("\"a\\\"b\\\\c\"", JsonWriter.quote("a\"b\\c"));
        assertEquals("\"\\n\\r\\t\\b\\f\\u0000\\u001f\\u0007\"", JsonWriter.quote("\n\r\t\b\f\u0000\u001f\u0007"));
        assertEquals("\"S → X, é, 𝄞, \u007f, /\"", JsonWriter.quote("S → X, é, 𝄞, \u007f, /"));
        assertEquals("\"\\ud800x\\udc00\"", JsonWriter.quote("\ud800x\udc00"), "unpaired surrogates are escaped");
    }

    @Test
    void nestingAndCommas() {
        String s = new JsonWriter().beginObject().field("a", 1).name("b").beginArray().beginArray().value(1).value(2)
                .endArray().beginArray().endArray().endArray().field("c", List.of("x", "y")).name("d").beginObject()
                .endObject().field("e", (String) null).field("f", true).endObject().toString();
        assertEquals("{\"a\":1,\"b\":[[1,2],[]],\"c\":[\"x\",\"y\"],\"d\":{},\"e\":null,\"f\":true}", s);
    }

    @Test
    void roundTripsThroughAnIndependentReader() {
        String tricky = "line1\nline2\t\"quoted\" \\ back \u0001 ünï 😀";
        String s = new JsonWriter().beginObject().field("k", tricky).field("n", Long.MIN_VALUE).endObject().toString();
        Map<String, Object> m = TinyJson.object(s);
        assertEquals(tricky, m.get("k"));
        assertEquals(Long.MIN_VALUE, m.get("n"));
    }
}

package org.locktable.cli;

import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The tests' strict JSON reader (Jackson): objects become insertion-ordered maps, arrays lists, integers
 * {@link Long}; trailing garbage and anything RFC 8259 forbids is an {@link IllegalArgumentException}.
 */
final class ParsedJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private ParsedJson() {
    }

    static Object parse(String text) {
        try {
            return MAPPER.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage() + ": " + text, e);
        }
    }

    static Map<String, Object> object(String text) {
        try {
            return MAPPER.readValue(text, new TypeReference<Map<String, Object>>() { });
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a JSON object: " + e.getOriginalMessage() + ": " + text, e);
        }
    }
}

package org.locktable.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OneLineTest {
    @Test
    void lineBreaksAndTheBlanksAroundThemBecomeOneSeparator() {
        assertEquals("mkfs failed; exit 1", OneLine.of("  mkfs failed  \n\r\n   exit 1\n"));
        assertEquals("a; b; c", OneLine.of("a\nb\r\nc"));
        assertEquals("one line as it was", OneLine.of("one line as it was"));
        assertEquals("null", OneLine.of(null));
    }
}

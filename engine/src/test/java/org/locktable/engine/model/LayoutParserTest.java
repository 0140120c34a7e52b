package org.locktable.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every error path of the layout notation parser: a {@link LayoutSyntaxException} (field {@code layout}) whose
 * message quotes the layout, names the 1-based column and the character seen there ({@code LayoutParser}'s
 * class comment). Columns are counted by hand from the input text.
 */
class LayoutParserTest {

    private static LayoutSyntaxException parseError(String layout) {
        return assertThrows(LayoutSyntaxException.class, () -> Layout.parse(layout), "\"" + layout + "\" must not parse");
    }

    private static void assertError(String layout, int column, String phrase) {
        LayoutSyntaxException e = parseError(layout);
        assertEquals(column, e.column(), e.getMessage());
        assertEquals("layout", e.field());
        assertTrue(e.getMessage().contains("column " + column + ":"), e.getMessage());
        assertTrue(e.getMessage().contains(phrase), "expected \"" + phrase + "\" in: " + e.getMessage());
    }

    @ParameterizedTest(name = "\"{0}\" -> column {1}: {2}")
    @CsvSource(delimiter = ';', quoteCharacter = '"', value = {
            // empty and blank
            "\"\";                        1;  empty layout",
            "\"   \";                     1;  empty layout",
            // unknown characters
            "W X;                         3;  unexpected 'X'",
            "W U Q;                       5;  unexpected 'Q'",
            "W 7;                         3;  unexpected '7'",
            // lower-case block letters
            "w;                           1;  did you mean 'W'?",
            "W u;                         3;  did you mean 'U'?",
            "W U d;                       5;  did you mean 'D'?",
            "h W;                         1;  did you mean 'H'?",
            // '|' at the edges, doubled, or next to a hole
            "|W;                          1;  '|' must stand between two blocks",
            "\"  |W\";                    3;  '|' must stand between two blocks",
            "W|;                          2;  '|' must stand between two blocks, but the layout ends here",
            "W U|;                        4;  the layout ends here",
            "W||W;                        3;  two '|' in a row",
            "W| |W;                       4;  two '|' in a row",
            "W|H;                         2;  a hole has no record",
            "H|W;                         2;  a hole has no record",
            "W|.;                         2;  a hole has no record",
            "U H|H U;                     4;  a hole has no record",
            // repeat counts
            "W*;                          3;  expected a repeat count after '*'",
            "W*x;                         3;  expected a repeat count after '*', found 'x'",
            "W* U;                        3;  expected a repeat count after '*', found ' '",
            "W*-1;                        3;  found '-'",
            "W*0;                         3;  repeat count must be at least 1",
            "W U*000;                     5;  repeat count must be at least 1",
            "*W;                          1;  '*' must follow a block letter",
            "W *4;                        3;  '*' must follow a block letter",
            "W*70368744177664 U;         18;  layout is longer than 70368744177664 blocks",
            // missing separators
            "WW;                          2;  unexpected 'W' right after a block",
            "W*4x;                        4;  unexpected 'x' right after a block",
            "W*4W;                        4;  unexpected 'W' right after a block",
            "W U.;                        4;  unexpected '.' right after a block"
    })
    @DisplayName("error column and message")
    void errorColumnAndMessage(String layout, int column, String phrase) {
        assertError(layout, column, phrase);
    }

    @Test
    @DisplayName("null is reported like the empty layout")
    void nullLayout() {
        LayoutSyntaxException e = parseError(null);
        assertEquals(1, e.column());
        assertTrue(e.getMessage().contains("empty layout"), e.getMessage());
    }

    @Test
    @DisplayName("a lower-case letter that is no block letter gets no suggestion")
    void lowerCaseNonLetter() {
        LayoutSyntaxException e = parseError("W x");
        assertEquals(3, e.column());
        assertTrue(e.getMessage().contains("unexpected 'x'"), e.getMessage());
        assertFalse(e.getMessage().contains("did you mean"), e.getMessage());
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"W X", "w", "W u", "|W", "W|", "W||W", "W| |W", "W|H", "H|W", "W*x", "W* U", "W*-1",
            "*W", "W *4", "WW", "W*4x", "W U."})
    @DisplayName("the message quotes the character found at the reported column")
    void messageQuotesTheCharacter(String layout) {
        LayoutSyntaxException e = parseError(layout);
        char seen = layout.charAt(e.column() - 1);
        assertTrue(e.getMessage().contains("'" + seen + "'"), "expected '" + seen + "' in: " + e.getMessage());
        assertTrue(e.getMessage().contains("\"" + layout + "\""), "the message quotes the layout: " + e.getMessage());
    }

    @Test
    @DisplayName("count and length errors also quote the character at the column")
    void countErrorsQuoteTheCharacter() {
        for (String layout : new String[] {"W*0", "W*70368744177664 U"}) {
            LayoutSyntaxException e = parseError(layout);
            char seen = layout.charAt(e.column() - 1);
            assertTrue(e.getMessage().contains("'" + seen + "'"), "expected '" + seen + "' in: " + e.getMessage());
        }
    }

    @Test
    @DisplayName("the '|' errors point at the '|' even when spaces follow it")
    void barColumnWithSpaces() {
        assertError("W | ", 3, "the layout ends here");
        assertError("W | H", 3, "a hole has no record");
        assertError("H  |  W", 4, "a hole has no record");
    }

    @Test
    @DisplayName("an over-large repeat count points at the count, like *0")
    void hugeCountColumn() {
        assertError("W*99999999999999999999", 3, "repeat count is larger than the 70368744177664 blocks");
        assertError("W*70368744177665", 3, "repeat count is larger than");
    }

    @Test
    @DisplayName("an over-large repeat count is an error, not an overflow")
    void hugeCountIsAnError() {
        LayoutSyntaxException e = parseError("W*99999999999999999999");
        assertTrue(e.getMessage().contains("repeat count is larger than the 70368744177664 blocks"), e.getMessage());
        LayoutSyntaxException justOver = parseError("W*70368744177665");
        assertTrue(justOver.getMessage().contains("repeat count is larger than"), justOver.getMessage());
    }

    @Test
    @DisplayName("the same text without the error parses")
    void fixedInputsParse() throws Exception {
        assertEquals(4, Layout.parse("W U U W").blocks());
        assertEquals(2, Layout.parse("W W").blocks());
        assertEquals(4, Layout.parse("W*4").blocks());
        assertEquals(2, Layout.parse("W|W").recordCount());
    }
}

package org.locktable.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class ShellWordsTest {
    @Test
    void splitsLikeAShell() throws Exception {
        assertEquals(List.of("--layout", "W U U W", "--offset", "0"), ShellWords.split("  --layout \"W U U W\"\t--offset 0 "));
        assertEquals(List.of("--layout", "W|W"), ShellWords.split("--layout 'W|W'"));
        assertEquals(List.of("a b", "c"), ShellWords.split("a\\ b c"));
        assertEquals(List.of("x\"y", "p\\q", "$", "\\n"), ShellWords.split("\"x\\\"y\" \"p\\\\q\" \"\\$\" \"\\n\""));
        assertEquals(List.of("it's"), ShellWords.split("'it'\\''s'"));
        assertEquals(List.of("", "a"), ShellWords.split("\"\" a"));
        assertEquals(List.of("W*4"), ShellWords.split("W\"*\"4"));
        assertEquals(List.of("--len", "1", "a#b"), ShellWords.split("--len 1 a#b # comment \"unterminated"));
        assertEquals(List.of(), ShellWords.split("# only a comment"));
        assertEquals(List.of("'"), ShellWords.split("\"'\""));
    }

    @Test
    void reportsUnterminatedQuotesWithTheirColumn() {
        ShellWords.SyntaxException e = assertThrows(ShellWords.SyntaxException.class,
                () -> ShellWords.split("--layout \"W U"));
        assertTrue(e.getMessage().contains("double quote") && e.getMessage().contains("column 10"), e.getMessage());
        e = assertThrows(ShellWords.SyntaxException.class, () -> ShellWords.split("a 'b"));
        assertTrue(e.getMessage().contains("single quote") && e.getMessage().contains("column 3"), e.getMessage());
        e = assertThrows(ShellWords.SyntaxException.class, () -> ShellWords.split("a \\"));
        assertTrue(e.getMessage().contains("backslash"), e.getMessage());
    }

    @Test
    void joinsContinuedLinesWithoutABlankAndCommentsEndAtTheLine() throws ShellWords.SyntaxException {
        assertEquals(List.of("fio", "--overwrite=1--bs=4k", "--rw=write"),
                ShellWords.split("fio --overwrite=1\\\n--bs=4k \\\r\n--rw=write"));
        assertEquals(List.of("a", "b"), ShellWords.split("a # not b\nb"));
        assertEquals(List.of("xy"), ShellWords.split("\"x\\\ny\""));
    }

    @Test
    void anUnterminatedQuoteCarriesTheWordItOpened() {
        ShellWords.SyntaxException e = assertThrows(ShellWords.SyntaxException.class, () -> ShellWords.split("--a=x'b c"));
        assertEquals(ShellWords.Problem.UNTERMINATED_SINGLE_QUOTE, e.problem());
        assertEquals("--a=x'b c", e.argument());
    }
}

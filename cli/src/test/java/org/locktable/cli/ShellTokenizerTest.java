package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class ShellTokenizerTest {
    @Test
    void splitsLikeAShell() throws Exception {
        assertEquals(List.of("--layout", "W U U W", "--offset", "0"), ShellTokenizer.split("  --layout \"W U U W\"\t--offset 0 "));
        assertEquals(List.of("--layout", "W|W"), ShellTokenizer.split("--layout 'W|W'"));
        assertEquals(List.of("a b", "c"), ShellTokenizer.split("a\\ b c"));
        assertEquals(List.of("x\"y", "p\\q", "$", "\\n"), ShellTokenizer.split("\"x\\\"y\" \"p\\\\q\" \"\\$\" \"\\n\""));
        assertEquals(List.of("it's"), ShellTokenizer.split("'it'\\''s'"));
        assertEquals(List.of("", "a"), ShellTokenizer.split("\"\" a"));
        assertEquals(List.of("W*4"), ShellTokenizer.split("W\"*\"4"));
        assertEquals(List.of("--len", "1", "a#b"), ShellTokenizer.split("--len 1 a#b # comment \"unterminated"));
        assertEquals(List.of(), ShellTokenizer.split("# only a comment"));
        assertEquals(List.of("'"), ShellTokenizer.split("\"'\""));
    }

    @Test
    void reportsUnterminatedQuotesWithTheirColumn() {
        ShellTokenizer.SyntaxException e = assertThrows(ShellTokenizer.SyntaxException.class,
                () -> ShellTokenizer.split("--layout \"W U"));
        assertTrue(e.getMessage().contains("double quote") && e.getMessage().contains("column 10"), e.getMessage());
        e = assertThrows(ShellTokenizer.SyntaxException.class, () -> ShellTokenizer.split("a 'b"));
        assertTrue(e.getMessage().contains("single quote") && e.getMessage().contains("column 3"), e.getMessage());
        e = assertThrows(ShellTokenizer.SyntaxException.class, () -> ShellTokenizer.split("a \\"));
        assertTrue(e.getMessage().contains("backslash"), e.getMessage());
    }
}

package org.locktable.timing.tsv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class TsvTest {

    @Test
    void readsCommentsHeaderAndRowsAndWritesThemBack() {
        String text = "# a comment\nname\tvalue\nx\t1.5\ny\t\n";
        Tsv t = Tsv.parse("t.tsv", text);
        assertEquals(List.of("# a comment"), t.comments());
        assertEquals(List.of("name", "value"), t.header());
        assertEquals(List.of(Map.of("name", "x", "value", "1.5"), Map.of("name", "y", "value", "")), t.rows());
        assertEquals(1.5, t.number(t.rows().get(0), "value"));
        assertEquals(text, Tsv.format(t.comments(), t.header(), List.of(List.of("x", "1.5"), List.of("y", ""))));
    }

    @Test
    void badInputSaysWhere() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Tsv.parse("t.tsv", "a\tb\n1\n"));
        assertEquals("t.tsv:2: 1 columns, the header has 2", e.getMessage());
        Tsv t = Tsv.parse("t.tsv", "a\nnope\n");
        e = assertThrows(IllegalArgumentException.class, () -> t.number(t.rows().get(0), "a"));
        assertEquals("t.tsv: a 'nope' is not a number", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Tsv.format(List.of(), List.of("a"), List.of(List.of("x\ty"))));
    }
}

package org.locktable.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MarkdownTableTest {
    @Test
    void rendersHeaderAlignmentAndRows() {
        String md = new MarkdownTable().left("policy").right("IOPS").row("ext4-base", 1200).row("xfs-dio", 950).render();
        assertEquals("| policy | IOPS |\n|---|---:|\n| ext4-base | 1200 |\n| xfs-dio | 950 |\n", md);
    }

    @Test
    void noCellBreaksTheShape() {
        String md = new MarkdownTable().left("layout", "note").row("W|W", "two\nlines").render();
        assertEquals("| layout | note |\n|---|---|\n| W\\|W | two lines |\n", md);
    }

    @Test
    void aRowMustFillEveryColumn() {
        MarkdownTable t = new MarkdownTable().left("a", "b");
        assertThrows(IllegalArgumentException.class, () -> t.row("only one"));
    }
}

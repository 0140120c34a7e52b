package org.locktable.engine.names;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LevenshteinTest {

    @Test
    void textbookDistances() {
        assertEquals(3, Levenshtein.distance("kitten", "sitting"));
        assertEquals(0, Levenshtein.distance("ext4-base", "ext4-base"));
        assertEquals(2, Levenshtein.distance("ext4-bsae", "ext4-base"), "a transposition is two edits");
        assertEquals(4, Levenshtein.distance("", "xfs-"), "from nothing: one insertion per character");
        assertEquals(4, Levenshtein.distance("xfs-", ""));
        assertEquals(1, Levenshtein.distance("seed000-vm", "seed001-vm"));
    }

    @Test
    void symmetric() {
        String[] words = {"", "a", "ab", "ext4-base", "ext4-patch1", "xfs-dio", "xfs-dio-v5.11", "local-loop"};
        for (String a : words) {
            for (String b : words) {
                assertEquals(Levenshtein.distance(a, b), Levenshtein.distance(b, a), a + " / " + b);
            }
        }
    }
}

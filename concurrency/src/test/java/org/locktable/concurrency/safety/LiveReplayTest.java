package org.locktable.concurrency.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bundled live-replay data: R4 as race --live saw it (before the recorded harness run), and the parser. */
class LiveReplayTest {
    @Test
    void theBundledR4RowsAreTheRaceLiveRuns() {
        LiveReplay live = LiveReplay.bundled();
        LiveReplay.Row ext4 = live.r4("ext4").orElseThrow();
        assertEquals("race --live", ext4.source());
        assertEquals(3, ext4.corrupted());
        assertEquals(3, ext4.runs());
        assertEquals("6.18.44", ext4.kernel());
        assertEquals(0, live.r4("xfs").orElseThrow().corrupted());
        assertTrue(live.toMarkdown().contains("| recorded harness run | 6.18.44 | ext4 |"), live.toMarkdown());
        assertTrue(live.toMarkdown().contains("| race --live | 6.18.44 | ext4 |"), live.toMarkdown());
    }

    @Test
    void aRaceLiveRowComesFirst() {
        String tsv = "source\tkernel\tfs\ta\tb\truns\tcorrupted\tnote\n"
                + "recorded harness run\t6.18.44\text4\tlibaio 5120+1024, ends at EOF 6144\tO_DIRECT 4096+4096\t10\t10\t\n"
                + "race --live\t6.18.44\text4\taio-dio 5120+1024, ends at EOF 6144\tdio 4096+4096\t20\t19\t\n";
        assertEquals(19, LiveReplay.parse(tsv).r4("ext4").orElseThrow().corrupted());
    }

    @Test
    void aShortRowNamesItsLine() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LiveReplay.parse("# c\nsource\tkernel\nx\ty\n"));
        assertEquals("live-replay.tsv:3: 8 tab-separated fields expected, got 2", e.getMessage());
    }
}

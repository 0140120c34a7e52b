package org.locktable.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The progress line: a bar over the counters still running, their counts, the rate over all. */
class ProgressTest {

    @Test
    void rendersTheBarTheUnfinishedCountersAndTheRate() {
        try (Progress p = new Progress(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                Progress.Mode.SILENT, "probes")) {
            Progress.Counter ext4 = p.counter("ext4", 100);
            Progress.Counter xfs = p.counter("xfs", 100);
            ext4.add(100);
            xfs.add(50);
            assertEquals("[##########..........] xfs 50/100  75 probes/s  2 s", p.render(2.0));
        }
    }

    @Test
    void logClearsNothingWhenNoBarIsShownAndASilentDisplayPrintsNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (Progress p = Progress.silent()) {
            p.counter("ext4", 10).add(3);
            p.log(stream, "ext4 done");
        }
        assertEquals("ext4 done\n", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void plainLinesOffATerminalAreFewAndWholeLines() {
        assertTrue(Progress.LINE_INTERVAL_SECONDS >= 10, "a log gets a line every few seconds, not a flood");
    }
}

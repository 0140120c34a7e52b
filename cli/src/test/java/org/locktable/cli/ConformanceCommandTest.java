package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code locktable conformance}: its options and its exit statuses short of a live run (that is kernel-conformance's). */
class ConformanceCommandTest {

    @Test
    void helpListsTheOptionsAndTheExitStatuses() {
        Cli.Run r = Cli.run("kernel", "grade", "--help");
        assertEquals(0, r.code(), r::toString);
        for (String option : new String[] {"--out=PATH", "--quick", "--pass=4k|4kn|1k", "--scenarios=DIR|JAR",
            "--no-scenarios", "this machine cannot run it"}) {
            assertTrue(r.out().contains(option), option + " in\n" + r.out());
        }
        assertTrue(!r.out().contains("--report"), "the old name is hidden: " + r.out());
    }

    /** --report, the old name of --out, still parses, with a note (a bad --pass stops it before any live work). */
    @Test
    void theOldReportOptionStillWorksWithANote() {
        Cli.Run r = Cli.run("kernel", "grade", "--report", "/tmp/x.md", "--pass", "2k");
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().contains("unknown pass \"2k\""), r.err());
        assertTrue(r.err().startsWith("locktable: '--report' is now '--out' (the old name works for this release)\n"),
                r.err());
    }

    @Test
    void anUnknownPassIsAUsageError() {
        Cli.Run r = Cli.run("kernel", "grade", "--pass", "2k");
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: Invalid value for option '--pass' (4k|4kn|1k): unknown pass \"2k\": use 4k, 4kn, 1k "
                + "or quick", r.err().strip());
    }

    @Test
    void anUnknownOptionIsAUsageErrorWithASuggestion() {
        Cli.Run r = Cli.run("kernel", "grade", "--quik");
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().startsWith("locktable: Unknown option: '--quik'; did you mean --quick?"), r.err());
    }

    @Test
    void aMachineThatCannotRunItExitsWithThree() {
        String os = System.getProperty("os.name");
        System.setProperty("os.name", "Plan 9"); // the first thing the environment check looks at
        try {
            Cli.Run r = Cli.run("kernel", "grade", "--quick", "--no-scenarios");
            assertEquals(3, r.code(), r::toString);
            assertEquals("locktable: kernel grade cannot run on this machine: not Linux (os.name=Plan 9)",
                    r.err().strip());
        } finally {
            System.setProperty("os.name", os);
        }
    }
}

package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code locktable export xfstests DIR}: one line and exit 2 for a bad DIR; the directory written for a good one. */
class ExportCommandTest {
    @Test
    void aMissingDirectoryIsOneLineAndExit2(@TempDir Path tmp) {
        Cli.Run r = Cli.run("export", "xfstests", tmp.resolve("nope").toString());
        assertEquals(2, r.code(), r.toString());
        assertEquals(List.of("locktable: " + tmp.resolve("nope") + ": no such directory"), r.errLines(), r.toString());
    }

    @Test
    void aFileIsNotADirectory(@TempDir Path tmp) throws IOException {
        Path f = Files.writeString(tmp.resolve("f"), "x");
        Cli.Run r = Cli.run("export", "xfstests", f.toString());
        assertEquals(2, r.code(), r.toString());
        assertEquals(List.of("locktable: " + f + ": not a directory"), r.errLines(), r.toString());
    }

    @Test
    void exportAloneAsksWhatToExport() {
        Cli.Run r = Cli.run("export");
        assertEquals(2, r.code(), r.toString());
        assertEquals(1, r.errLines().size(), r.toString());
    }

    @Test
    void theSamplesAreWrittenUnderTestsLocktable(@TempDir Path tmp) {
        Cli.Run r = Cli.run("export", "xfstests", tmp.toString(), "--no-scenarios");
        assertEquals(0, r.code(), r.toString());
        Path dir = tmp.resolve("tests/locktable");
        assertTrue(r.out().startsWith("wrote ") && r.out().contains(dir.toString()), r.toString());
        assertTrue(Files.isExecutable(dir.resolve("001")));
        assertTrue(Files.exists(dir.resolve("001.cfg")) && Files.exists(dir.resolve("common.locktable"))
                && Files.exists(dir.resolve("group.list")) && Files.exists(dir.resolve("Makefile")));
    }
}

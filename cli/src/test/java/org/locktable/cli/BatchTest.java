package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.engine.catalog.PolicyCatalog;

class BatchTest {
    @TempDir
    Path dir;

    @Test
    void badLineInTheMiddleIsReportedAndTheRunGoesOn() throws IOException {
        Path file = dir.resolve("requests.txt");
        Files.writeString(file, String.join("\n",
                "# kernel-probed facts",
                "--policy ext4-base --layout \"W U U W\" --offset 0 --len 8192 --nowait",
                "",
                "--policy ext4-base --layout 'W W W W' --offset abc --len 512",
                "   ",
                "--policy ext4-base --layout W\\ W --size 6144 --offset 5120 --len 1024   # E22",
                "") , StandardCharsets.UTF_8);
        Cli.Run r = Cli.run("decide", "--batch", file.toString());
        assertEquals(2, r.code(), r::toString);
        List<String> lines = r.outLines();
        assertEquals(3, lines.size(), r::toString);

        Map<String, Object> first = ParsedJson.object(lines.get(0));
        assertEquals(2L, first.get("line"));
        assertEquals("EAGAIN", first.get("result"));
        assertEquals("EAGAIN", first.get("nowait"));

        Map<String, Object> bad = ParsedJson.object(lines.get(1));
        assertEquals(List.of("line", "error"), List.copyOf(bad.keySet()));
        assertEquals(4L, bad.get("line"));
        String error = (String) bad.get("error");
        assertTrue(error.startsWith("line 4: ") && error.contains("--offset") && error.contains("abc"), error);

        Map<String, Object> e22 = ParsedJson.object(lines.get(2));
        assertEquals(6L, e22.get("line"));
        assertEquals(List.of(List.of(6144L, 8192L)), e22.get("zeroRanges"));
        assertEquals("SHARED", e22.get("finalLock"));

        assertEquals(1, r.errLines().size(), r::toString);
        assertTrue(r.err().startsWith("locktable: ") && r.err().contains("line 4"), r.err());
    }

    @Test
    void standardInputAndTheSameMessagesAsOnTheCommandLine() {
        String input = String.join("\n",
                "--policy ext4-bas --layout W --offset 0 --len 4096",
                "--policy xfs-dio --layout \"W W\" --size 6144 --offset 5120 --len 1024",
                "--policy ext4-base --layout \"W x\" --offset 0 --len 4096",
                "--policy ext4-base --layout W --offset -4096 --len 4096",
                "--policy ext4-base --layout \"W --offset 0 --len 4096",
                "--policy ext4-base --layout W --offset 0",
                "locktable decide --policy ext4-base --layout W --offset 0 --len 4096");
        Cli.Run r = Cli.runWithInput(input, "decide", "--batch", "-");
        assertEquals(2, r.code(), r::toString);
        List<String> lines = r.outLines();
        assertEquals(7, lines.size(), r::toString);
        for (int k = 0; k < 7; k++) {
            assertEquals((long) (k + 1), ParsedJson.object(lines.get(k)).get("line"), lines.get(k));
        }
        assertTrue(error(lines.get(0)).startsWith("line 1: unknown policy \"ext4-bas\"; did you mean \"ext4-base\"?"),
                lines.get(0));
        Map<String, Object> xfs = ParsedJson.object(lines.get(1));
        assertEquals("EXCLUSIVE", xfs.get("finalLock"));
        assertEquals(true, xfs.get("drain"));
        assertTrue(error(lines.get(2)).startsWith("line 3: layout \"W x\", column 3: "), lines.get(2));
        assertTrue(error(lines.get(3)).startsWith("line 4: offset -4096 is negative"), lines.get(3));
        assertTrue(error(lines.get(4)).startsWith("line 5: unterminated double quote"), lines.get(4));
        assertTrue(error(lines.get(5)).contains("--len"), lines.get(5));
        assertEquals("OK", ParsedJson.object(lines.get(6)).get("result"), "a leading 'locktable decide' is ignored");

        // the same input problem, on the command line, gives the same message without the line prefix
        Cli.Run single = Cli.run("decide", "--policy", "ext4-base", "--layout", "W x", "--offset", "0", "--len", "4096");
        assertEquals(2, single.code());
        assertEquals("locktable: " + error(lines.get(2)).substring("line 3: ".length()) + "\n", single.err());
    }

    @Test
    void flagsOfOneLineDoNotLeakIntoTheNext() {
        String input = "--policy ext4-base --layout \"W U U W\" --offset 0 --len 8192 --nowait --size 16K\n"
                + "--policy ext4-base --layout \"W U U W\" --offset 0 --len 8192\n";
        Cli.Run r = Cli.runWithInput(input, "decide", "--batch", "-");
        assertEquals(0, r.code(), r::toString);
        assertEquals("", r.err());
        Map<String, Object> second = ParsedJson.object(r.outLines().get(1));
        assertEquals("NOT_APPLICABLE", second.get("nowait"));
        assertEquals("OK", second.get("result"));
        assertEquals(List.of("S", "unlock", "X"), second.get("lockPath"));
    }

    @Test
    void allPoliciesOnOneLineGiveOneObjectEach() {
        Cli.Run r = Cli.runWithInput("--policy all --layout W --offset 0 --len 4096\n", "decide", "--batch", "-");
        assertEquals(0, r.code(), r::toString);
        assertEquals(PolicyCatalog.ids().size(), r.outLines().size());
        assertTrue(r.outLines().stream().allMatch(l -> ParsedJson.object(l).get("line").equals(1L)));
    }

    @Test
    void unreadableFileNamesTheFile() {
        Path missing = dir.resolve("no-such-requests.txt");
        Cli.Run r = Cli.run("decide", "--batch", missing.toString());
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size());
        assertTrue(r.err().startsWith("locktable: cannot read batch file \"" + missing + "\""), r.err());
        Cli.Run directory = Cli.run("decide", "--batch", dir.toString());
        assertEquals(2, directory.code());
        assertTrue(directory.err().contains(dir.toString()), directory.err());
    }

    @Test
    void batchTakesNoRequestOptionsOfItsOwn() {
        Cli.Run r = Cli.runWithInput("", "decide", "--batch", "-", "--policy", "ext4-base");
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size());
        assertTrue(r.err().startsWith("locktable: --batch") && r.err().contains("--policy"), r.err());
        Cli.Run flag = Cli.runWithInput("", "decide", "--nowait", "--batch", "-");
        assertEquals(2, flag.code());
        assertTrue(flag.err().contains("--nowait"), flag.err());
        Cli.Run json = Cli.runWithInput("", "decide", "--json", "--batch", "-");
        assertEquals(0, json.code(), "--json is what batch does anyway");
    }

    @Test
    void emptyBatchSucceedsWithNoOutput() {
        Cli.Run r = Cli.runWithInput("# nothing\n\n", "decide", "--batch", "-");
        assertEquals(0, r.code());
        assertEquals("", r.out());
        assertEquals("", r.err());
    }

    @Test
    void tenThousandLinesAreEachAnswered() {
        StringBuilder input = new StringBuilder();
        String[] policies = {"ext4-base", "xfs-dio", "ext4-patch2", "xfs-buffered"};
        for (int k = 0; k < 10_000; k++) {
            input.append("--policy ").append(policies[k % 4]).append(" --layout \"W U U W\" --offset ")
                    .append((k % 8) * 512).append(" --len 4096").append(k % 3 == 0 ? " --nowait" : "").append('\n');
        }
        Cli.Run r = Cli.runWithInput(input.toString(), "decide", "--batch", "-");
        assertEquals(0, r.code(), () -> r.err());
        assertEquals(10_000, r.outLines().size());
        assertFalse(r.out().contains("\"error\""));
    }

    private static String error(String line) {
        Object e = ParsedJson.object(line).get("error");
        assertTrue(e instanceof String, "not an error object: " + line);
        return (String) e;
    }
}

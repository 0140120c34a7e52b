package org.locktable.fuzz;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import org.locktable.cli.Main;

/**
 * {@code locktable decide --batch -}, in-process, on mutated request lines: every request line answered by JSON
 * lines carrying its number (decisions, or one {@code "error"} object), exit 0 (all decided) or 2 (a bad line),
 * never an internal error (exit 70).
 */
class DecideBatchFuzzTest {
    private static final List<String> SEEDS = List.of(
            "--policy ext4-base --layout \"W U U W\" --offset 512 --len 14336",
            "--policy ext4-patch2 --layout \"W U U W\" --offset 0 --len 8192 --nowait",
            "--policy all --layout 'W W W W' --offset 4096 --len 512 --async --dsync",
            "--policy xfs-dio --layout W\\ W --size 6144 --offset 5120 --len 1024   # E22",
            "locktable decide --policy kernel:6.18 --layout \"W*4 U*2 H\" --offset 0 --len 4k --block-size 4096",
            "--policy xfs-buffered,ext4-buffered-bh --layout \"W|W D\" --offset 1K --len 3K --buffered --no-nosec",
            "--policy ext4-2019-overwrite --layout \"U U\" --offset 0 --len 8192 --lbs 512 --dma-align 512",
            "--policy xfs-writethrough-noserial --layout \"W U\" --offset 0 --len 4096 --writethrough --noserial",
            "--policy ext4-v5.10 --layout \". W\" --offset 100 --len 200 --buffer-align 4 --no-dioread-nolock",
            "--policy ext4-buffered-iomap --layout \"H H W\" --size 10000 --disk-size 12288 --offset 9000 --len 5000",
            "decide --policy xfs-dio-v5.11 --layout W --offset 0 --len 4096 --no-dio");
    private static final Pattern LINE = Pattern.compile("^\\{\"line\":(\\d+),");

    @Test
    void malformedBatchLinesAreErrorLines() {
        Fuzzer.assertNoBugs("decide --batch", getClass(), 300, DecideBatchFuzzTest::generate,
                DecideBatchFuzzTest::check);
    }

    static String generate(Random r) {
        return TextMutator.mutate(TextMutator.pick(SEEDS, r), r);
    }

    static Verdict check(String batch) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"decide", "--batch", "-"}, new PrintWriter(out), new PrintWriter(err),
                new ByteArrayInputStream(batch.getBytes(StandardCharsets.UTF_8)));
        if (code != Main.EXIT_OK && code != Main.EXIT_USAGE) {
            return Verdict.bug("exit " + code + ": " + err + out);
        }
        TreeSet<Integer> answered = new TreeSet<>();
        boolean anyError = false;
        for (String line : out.toString().split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.find() || !line.endsWith("}")) {
                return Verdict.bug("an output line that is not a numbered JSON object: " + line);
            }
            answered.add(Integer.valueOf(m.group(1)));
            anyError |= line.startsWith(m.group() + "\"error\":");
        }
        TreeSet<Integer> requests = requestLines(batch);
        if (!answered.equals(requests)) {
            return Verdict.bug("request lines " + requests + " but answers for lines " + answered);
        }
        if (anyError != (code == Main.EXIT_USAGE)) {
            return Verdict.bug("exit " + code + " but " + (anyError ? "" : "no ") + "error line: " + err);
        }
        return anyError ? Verdict.rejected(err.toString()) : Verdict.accepted();
    }

    /** The 1-based numbers of the lines a batch must answer: not blank, not a comment (as BufferedReader splits). */
    private static TreeSet<Integer> requestLines(String batch) {
        TreeSet<Integer> out = new TreeSet<>();
        List<String> lines = new java.io.BufferedReader(new java.io.StringReader(batch)).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                out.add(i + 1);
            }
        }
        return out;
    }
}

package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;

/**
 * {@code locktable decide} against values known independently of the engine: the kernel-probed facts of the
 * brief and the worked examples of the policy specification (§7; the row is named in each test).
 */
class DecideTest {

    static Map<String, Object> decideJson(String... args) {
        List<String> all = new ArrayList<>(List.of("decide", "--json"));
        all.addAll(List.of(args));
        Cli.Run r = Cli.run(all.toArray(new String[0]));
        assertEquals(0, r.code(), r::toString);
        assertEquals("", r.err());
        assertEquals(1, r.outLines().size(), "one line per decision: " + r.out());
        return ParsedJson.object(r.outLines().get(0));
    }

    static List<List<Long>> pairs(long... v) {
        List<List<Long>> out = new ArrayList<>();
        for (int k = 0; k < v.length; k += 2) {
            out.add(List.of(v[k], v[k + 1]));
        }
        return out;
    }

    @Test
    void nowaitIntoUnwrittenGetsEagainUnderTheSharedLock() {
        // kernel-probed; spec E16
        Map<String, Object> d = decideJson("--policy", "ext4-base", "--layout", "W U U W", "--offset", "0", "--len", "8192",
                "--nowait");
        assertEquals("EAGAIN", d.get("result"));
        assertEquals("EAGAIN", d.get("nowait"));
        assertEquals("SHARED", d.get("initialLock"));
        assertEquals("SHARED", d.get("finalLock"));
        assertEquals(1L, d.get("lookups"));
        assertEquals(List.of(), d.get("zeroRanges"));
    }

    @Test
    void unalignedOverwriteInsideOneWrittenBlock() {
        // kernel-probed; spec E05
        Map<String, Object> ext4 = decideJson("--policy", "ext4-base", "--layout", "W W W W", "--offset", "4608", "--len", "512");
        assertEquals("OK", ext4.get("result"));
        assertEquals("SHARED", ext4.get("finalLock"));
        assertEquals(List.of(), ext4.get("zeroRanges"));
        assertEquals(false, ext4.get("drain"));
        Map<String, Object> xfsOld = decideJson("--policy", "xfs-dio-v5.11", "--layout", "W W W W", "--offset", "4608", "--len", "512");
        assertEquals("EXCLUSIVE", xfsOld.get("finalLock"));
        assertEquals(true, xfsOld.get("drain"));
        assertEquals(true, xfsOld.get("forceWait"));
    }

    @Test
    void writeEndingAtEofZeroesTheRestOfTheBlock() {
        // kernel-probed; spec E22: "W W", i_size 6144, write [5120, 6144)
        String[] args = {"--layout", "W W", "--size", "6144", "--offset", "5120", "--len", "1024"};
        Map<String, Object> ext4 = decideJson(concat(args, "--policy", "ext4-base"));
        assertEquals(pairs(6144, 8192), ext4.get("zeroRanges"));
        assertEquals(List.of("eof-tail"), ext4.get("zeroKinds"));
        assertEquals("SHARED", ext4.get("finalLock"));
        assertEquals(6144L, ext4.get("size"));
        Map<String, Object> xfs = decideJson(concat(args, "--policy", "xfs-dio"));
        assertEquals("EXCLUSIVE", xfs.get("finalLock"));
        assertEquals(true, xfs.get("drain"));
        assertEquals(pairs(6144, 8192), xfs.get("zeroRanges"));
    }

    @Test
    void restartPathAndTransactions() {
        // spec E01: ext4 "goto restart" relocks exclusive; unwritten conversion at completion
        Map<String, Object> d = decideJson("--policy", "ext4-base", "--layout", "W U U W", "--offset", "0", "--len", "8192");
        assertEquals(List.of("S", "unlock", "X"), d.get("lockPath"));
        assertEquals("SHARED", d.get("initialLock"));
        assertEquals("EXCLUSIVE", d.get("finalLock"));
        assertEquals("CHECKS_RESTART", d.get("retry"));
        assertEquals(2L, d.get("lookups"));
        assertEquals(List.of("C:cv"), d.get("transactions"));
        assertEquals(List.of("[0,4096)M", "[4096,8192)U"), d.get("segments"));
        assertEquals("WAITED", d.get("completion"));
    }

    @Test
    void partialBlocksInUnwrittenExtentAreZeroed() {
        // spec E06
        Map<String, Object> d = decideJson("--policy", "ext4-base", "--layout", "W U W W", "--offset", "4608", "--len", "512");
        assertEquals(pairs(4096, 4608, 5120, 8192), d.get("zeroRanges"));
        assertEquals(List.of("head", "tail"), d.get("zeroKinds"));
        assertEquals(true, d.get("drain"));
        assertEquals("UNALIGNED", d.get("drainReason"));
        assertEquals(true, d.get("forceWait"));
        Map<String, Object> xfs = decideJson("--policy", "xfs-dio", "--layout", "W U W W", "--offset", "4608", "--len", "512");
        assertEquals("DIO_EAGAIN_RETRY", xfs.get("retry"));
        assertEquals("EXCLUSIVE", xfs.get("finalLock"));
    }

    @Test
    void holesAllocateInTheWritePath() {
        // spec E03: ext4 one map-blocks handle; xfs one allocation transaction
        String[] args = {"--layout", "W H H W", "--offset", "512", "--len", "14336"};
        assertEquals(List.of("M1", "C:cv"), decideJson(concat(args, "--policy", "ext4-base")).get("transactions"));
        assertEquals(List.of("A1", "C:cv"), decideJson(concat(args, "--policy", "xfs-dio")).get("transactions"));
    }

    @Test
    void bufferedFlagReachesTheBufferedPolicies() {
        // spec E16, xfs-buffered: exclusive, NOWAIT proceeds
        Map<String, Object> d = decideJson("--policy", "xfs-buffered", "--buffered", "--nowait", "--layout", "W U U W",
                "--offset", "0", "--len", "8192");
        assertEquals("EXCLUSIVE", d.get("initialLock"));
        assertEquals("PROCEEDS", d.get("nowait"));
        assertEquals("NONE", d.get("completion"));
    }

    @Test
    void jsonHasEveryFieldInTheDocumentedOrder() {
        Map<String, Object> d = decideJson("--policy", "ext4-base", "--layout", "W|W", "--offset", "0", "--len", "8K");
        assertEquals(List.of("policy", "layout", "blockSize", "size", "offset", "len", "result", "lockPath", "initialLock",
                "finalLock", "retry", "drain", "drainReason", "forceWait", "completion", "nowait", "lookups", "segments",
                "zeroRanges", "zeroKinds", "transactions", "trace"), new ArrayList<>(d.keySet()));
        assertEquals("ext4-base", d.get("policy"));
        assertEquals("W|W", d.get("layout"));
        assertEquals(8192L, d.get("len"), "8K is 8192 bytes");
        List<?> trace = (List<?>) d.get("trace");
        assertTrue(trace.size() >= 2 && trace.stream().allMatch(t -> t instanceof String), trace::toString);
    }

    @Test
    void unprivilegedNowaitWriteToASetuidFileOnXfsIsRefusedByKiocbModified() {
        // fs/xfs/xfs_file.c xfs_file_write_checks -> kiocb_modified -> file_remove_privs_flags(IOCB_NOWAIT): -EAGAIN
        // when ATTR_KILL_SUID is due, i.e. for a caller without CAP_FSETID; root's write goes ahead (!IS_NOSEC only)
        String[] write = {"--policy", "xfs-dio", "--layout", "W W", "--mode", "4755", "--offset", "0", "--len", "4K",
            "--nowait"};
        Map<String, Object> root = decideJson(write);
        assertEquals("OK", root.get("result"));
        assertEquals("4755", root.get("mode"));
        assertFalse(root.containsKey("unprivileged"));
        List<String> user = new ArrayList<>(List.of(write));
        user.add("--unprivileged");
        Map<String, Object> d = decideJson(user.toArray(new String[0]));
        assertEquals("EAGAIN", d.get("result"));
        assertEquals(Boolean.TRUE, d.get("unprivileged"));
        assertEquals(List.of("policy", "layout", "blockSize", "size", "offset", "len", "mode", "unprivileged"),
                new ArrayList<>(d.keySet()).subList(0, 8));
        // blocking: the strip is a transaction
        user.remove("--nowait");
        assertEquals(List.of("K:id"), decideJson(user.toArray(new String[0])).get("transactions"));
        Cli.Run batch = Cli.runWithInput("--policy xfs-dio --layout 'W W' --mode 4755 --offset 0 --len 4K --nowait "
                + "--unprivileged\n", "decide", "--batch", "-");
        assertEquals(0, batch.code(), batch::toString);
        assertEquals("EAGAIN", ParsedJson.object(batch.outLines().get(0)).get("result"));
    }

    @Test
    void layoutIsEchoedInCanonicalForm() {
        assertEquals("W*6 H U", decideJson("--policy", "xfs-dio", "--layout", "  W W W W W W . U ", "--offset", "0",
                "--len", "4096").get("layout"));
    }

    @Test
    void severalPoliciesGiveOneObjectEachInOrder() {
        Cli.Run r = Cli.run("decide", "--json", "--policy", "xfs-dio,ext4-base", "--policy", "xfs-dio", "--layout", "W W",
                "--offset", "0", "--len", "4096");
        assertEquals(0, r.code(), r::toString);
        assertEquals(2, r.outLines().size());
        assertEquals("xfs-dio", ParsedJson.object(r.outLines().get(0)).get("policy"));
        assertEquals("ext4-base", ParsedJson.object(r.outLines().get(1)).get("policy"));
        Cli.Run all = Cli.run("decide", "--json", "--policy", "all", "--layout", "W W", "--offset", "0", "--len", "4096");
        assertEquals(PolicyCatalog.ids().size(), all.outLines().size(), "every policy in the catalog");
    }

    @Test
    void textOutputDrawsTheStripAndTheDecision() {
        Cli.Run r = Cli.run("decide", "--policy", "ext4-base", "--layout", "W W", "--size", "6144", "--offset", "5120",
                "--len", "1024");
        assertEquals(0, r.code(), r::toString);
        List<String> lines = r.outLines();
        // 8 characters per 4096-byte block, 512 bytes each: the write covers characters 2 and 3 of block 1,
        // i_size 6144 is character 4 of block 1; both blocks are one extent record (':').
        assertTrue(lines.contains("block      0        1"), r::toString);
        assertTrue(lines.contains("layout    |   W    :   W    |"), r::toString);
        assertTrue(lines.contains("write     |        :  ##    |"), r::toString);
        assertTrue(lines.contains("i_size                  ^ 6144"), r::toString);
        assertTrue(lines.contains("result        OK"), r::toString);
        assertTrue(lines.contains("lock path     S"), r::toString);
        assertTrue(lines.contains("final lock    SHARED"), r::toString);
        assertTrue(lines.contains("zero ranges   [6144,8192) eof-tail"), r::toString);
        assertTrue(lines.contains("trace"), r::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  1. ext4-base: ")), r::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("range ") && l.contains("block 1")
                && l.contains("head partial") && l.contains("tail partial")), r::toString);
    }

    @Test
    void textOutputMarksPartialCharactersAndRecordBoundaries() {
        // [100, 4096) starts inside the first 512-byte share of block 0: '+' there, '#' after; "W|W" is two records
        Cli.Run r = Cli.run("decide", "--policy", "xfs-dio", "--layout", "W|W", "--offset", "100", "--len", "3996");
        assertTrue(r.outLines().contains("layout    |   W    |   W    |"), r::toString);
        assertTrue(r.outLines().contains("write     |+#######|        |"), r::toString);
    }

    @Test
    void hugeLayoutsAreDrawnAroundTheWriteOnly() {
        Cli.Run r = Cli.run("decide", "--policy", "ext4-base", "--layout", "W*1000000 U*1000000", "--offset", "4G",
                "--len", "64K");
        assertEquals(0, r.code(), r::toString);
        String blockLine = r.outLines().stream().filter(l -> l.startsWith("block ")).findFirst().orElseThrow();
        assertTrue(blockLine.contains("1048575") && blockLine.contains("1048592"), blockLine); // 4G / 4096 = 1048576
        String layoutLine = r.outLines().stream().filter(l -> l.startsWith("layout ")).findFirst().orElseThrow();
        assertTrue(layoutLine.startsWith("layout    |  ...   |   U    :"), layoutLine);
        assertTrue(layoutLine.endsWith(":   U    |  ...   |"), layoutLine);
        assertEquals(2, blockLine.split("1048581").length, "first part ends at block 1048581: " + blockLine);
    }

    @Test
    void writePastTheLayoutShowsBlankBlocks() {
        Cli.Run r = Cli.run("decide", "--policy", "ext4-base", "--layout", "W", "--offset", "4096", "--len", "4096");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.outLines().contains("layout    |   W    |        |"), r::toString);
        assertTrue(r.outLines().contains("write     |        |########|"), r::toString);
        assertTrue(r.outLines().contains("i_size             ^ 4096"), r::toString);
    }

    @Test
    void helpDocumentsBatchAndExitCodes() {
        Cli.Run r = Cli.run("decide", "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("--batch=FILE"), r.out());
        assertTrue(r.out().contains("Exit status"), r.out());
        assertTrue(r.out().matches("(?s).*\\n  2 +bad input.*"), r.out());
        for (String command : new String[] {"policies", "decide"}) {
            assertEquals(0, Cli.run(command, "--help").code());
        }
        assertTrue(Cli.run("--help").out().contains("decide"));
    }

    static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void kernelVersionPicksThatKernelsPolicies() {
        Cli.Run r = Cli.run("decide", "--json", "--policy", "kernel:5.15.160", "--layout", "W U U W", "--offset", "512",
                "--len", "14336");
        assertEquals(0, r.code(), r::toString);
        assertEquals(List.of("ext4-v5.10", "xfs-dio"), r.outLines().stream()
                .map(l -> ParsedJson.object(l).get("policy")).toList());
    }

    /** A release before v2.6.36 has no era: an error naming the releases the eras cover. */
    @Test
    void aKernelBeforeTheHistoryIsAnErrorNamingTheCoveredReleases() {
        for (String version : List.of("2.6.35", "2.4.37")) {
            Cli.Run r = Cli.run("decide", "--policy", "kernel:" + version, "--layout", "W", "--offset", "0", "--len",
                    "4096");
            assertEquals(2, r.code(), r::toString);
            assertEquals("", r.out(), r::toString);
            assertTrue(r.err().strip().startsWith("locktable: no ext4 policy models direct writes on Linux " + version
                    + "; the ext4 policies cover v2.6.36 .. <v2.6.38, v2.6.38 .. <v3.6,"), r::toString);
        }
    }

    /** Every release since v2.6.36 has its era: 6.4, 5.4 and 4.9 were gaps before the history. */
    @Test
    void aKernelOfTheHistoryDecidesWithItsEras() {
        for (String[] v : new String[][] {{"6.4", "ext4-v6.4", "xfs-dio"}, {"5.4", "ext4-v5.2", "xfs-dio-v5.1"},
            {"4.9", "ext4-v3.6", "xfs-dio-v4.3"}}) {
            Cli.Run r = Cli.run("decide", "--policy", "kernel:" + v[0], "--layout", "W", "--offset", "0", "--len", "4096",
                    "--json");
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().contains("\"policy\":\"" + v[1] + "\"") && r.out().contains("\"policy\":\"" + v[2] + "\""),
                    r::toString);
        }
    }

}

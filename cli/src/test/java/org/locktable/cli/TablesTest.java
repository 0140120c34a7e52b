package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.docs.DocsJob;

/** {@code table}, {@code diff} and {@code docs}. */
class TablesTest {
    @TempDir
    Path dir;

    @Test
    void tableOfASmallSpaceIsMarkdown() {
        Cli.Run r = Cli.run("table", "--policy", "ext4-base", "--blocks", "1", "--granularity", "4K");
        assertEquals(0, r.code(), r::toString);
        assertEquals("", r.err());
        List<String> lines = r.outLines();
        assertEquals("# ext4-base — decision table", lines.get(0));
        assertTrue(r.out().contains("layouts of 1..1 blocks of 4096 B"), r.out());
        List<String> rows = lines.stream().filter(l -> l.matches("\\| \\d+ \\|.*")).collect(Collectors.toList());
        assertFalse(rows.isEmpty(), r.out());
        // an aligned NOWAIT write that extends the file is refused by ext4 (kernel-probed, spec E-series)
        assertTrue(rows.stream().anyMatch(l -> l.contains("EAGAIN")), r.out());
        // an aligned overwrite of one allocated block inside i_size takes the shared lock
        assertTrue(rows.stream().anyMatch(l -> l.contains("| U, W |") && l.contains("| S |") && l.contains("| OK |")), r.out());
    }

    @Test
    void defaultTableIsTheCommittedOne() throws IOException {
        // the committed generated-docs/ use the default space: 4 blocks of 4096 B, 512 B steps
        Cli.Run r = Cli.run("table", "--policy", "xfs-dio-v5.11");
        assertEquals(0, r.code(), r::toString);
        assertEquals(Files.readString(projectRoot().resolve("generated-docs/tables/xfs-dio-v5.11.md"), StandardCharsets.UTF_8),
                r.out());
    }

    @Test
    void diffShowsPatchOneMakingAlignedHoleWritesShared() {
        // Baokun Li's patch 1 skips the overwrite check for aligned, non-extending writes: X becomes S
        Cli.Run r = Cli.run("diff", "ext4-base", "ext4-patch1", "--blocks", "2");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.outLines().get(0).startsWith("# ext4-base → ext4-patch1"), r.out());
        assertTrue(r.outLines().stream().anyMatch(l -> l.startsWith("| 1 | aligned | H |") && l.contains("| X OK | S OK |")
                && l.contains("`H` i_size=4096 · write 0+4096")), r.out());
    }

    @Test
    void diffOfAPolicyWithItselfIsEmpty() {
        Cli.Run r = Cli.run("diff", "xfs-dio", "xfs-dio", "--blocks", "1");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("decide every case of the space the same way"), r.out());
    }

    @Test
    void badTableAndDiffInput() {
        String[][] cases = {
            {"table"},
            {"table", "--policy", "ext4-bse"},
            {"table", "--policy", "ext4-base", "--blocks", "9"},
            {"table", "--policy", "ext4-base", "--blocks", "x"},
            {"table", "--policy", "ext4-base", "--granularity", "100"},
            {"table", "--policy", "ext4-base", "--block-size", "3000"},
            {"diff", "ext4-base"},
            {"diff", "ext4-base", "nope"},
            {"diff", "ext4-base", "xfs-buffered"},
            {"diff", "a", "b", "c"},
            {"docs", "--out", "/dev/null"},
        };
        for (String[] args : cases) {
            Cli.Run r = Cli.run(args);
            assertEquals(2, r.code(), r::toString);
            assertEquals("", r.out(), r::toString);
            assertEquals(1, r.errLines().size(), r::toString);
            assertTrue(r.err().startsWith("locktable: ") && !r.err().contains("Exception") && !r.err().contains("at org."),
                    r::toString);
        }
        assertTrue(Cli.run("diff", "ext4-base", "xfs-buffered").err().contains("buffered"));
    }

    @Test
    void docsRegeneratesTheCommittedDocumentsAndThenHasNothingToDo() throws IOException {
        Path out = dir.resolve("docs");
        Path committed = projectRoot().resolve("generated-docs");
        // history.md's live section and the findings pages' live tables come from committed runs (locktable
        // history-replay, race-replay-all and findings-repro: as root, and guests under QEMU)
        try (Stream<Path> data = Files.walk(committed.resolve("data"))) {
            for (Path f : data.filter(Files::isRegularFile).toList()) {
                Path copy = out.resolve(committed.relativize(f).toString());
                Files.createDirectories(copy.getParent());
                Files.copy(f, copy);
            }
        }
        // timing-validation.md is the one section left out: TimingValidationTest (timing-calibration) checks its
        // renderer's bytes against the committed file, and it is half of the job's time
        String sections = DocsJob.sectionNames().stream().filter(s -> !s.equals("timing-validation")
                && !s.equals("scenarios")).collect(Collectors.joining(","));
        assertEquals("tables,safety,history,findings", sections);
        Cli.Run first = Cli.run("docs", "--out", out.toString(), "--section", sections);
        assertEquals(0, first.code(), first::toString);
        assertTrue(first.outLines().get(first.outLines().size() - 1).endsWith(": 29 documents written"), first.out());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(committed)) {
            // scenarios/ comes from the annotation processor (mirrored with --scenarios, tested below)
            // conformance.md comes from the live kernel (locktable conformance, as root), and so does data/
            // (race-replay.tsv: locktable race-replay-all, as root; race-replay-kernels/: the same under QEMU)
            // kernels.md and kernels/ come from other kernels under QEMU (locktable kernels), and so do reviews/
            // (locktable review --patch: a kernel built and booted)
            files = walk.filter(Files::isRegularFile).filter(f -> !committed.relativize(f).startsWith("scenarios"))
                    .filter(f -> !committed.relativize(f).startsWith("data"))
                    .filter(f -> !committed.relativize(f).toString().equals("conformance.md"))
                    .filter(f -> !committed.relativize(f).toString().equals("kernels.md"))
                    .filter(f -> !committed.relativize(f).startsWith("kernels"))
                    .filter(f -> !committed.relativize(f).startsWith("reviews"))
                    .filter(f -> !committed.relativize(f).toString().equals("timing-validation.md"))
                    .collect(Collectors.toList());
        }
        for (Path f : files) {
            Path mine = out.resolve(committed.relativize(f).toString());
            assertTrue(Files.exists(mine), mine::toString);
            assertEquals(Files.readString(f, StandardCharsets.UTF_8), Files.readString(mine, StandardCharsets.UTF_8),
                    f::toString);
        }
        Cli.Run second = Cli.run("docs", "--out", out.toString(), "--section", sections);
        assertEquals(0, second.code());
        assertEquals(List.of(out + ": every document is up to date"), second.outLines());
        assertFalse(Files.exists(out.resolve("timing-validation.md")), "a section left out is not written");
    }

    @Test
    void docsMirrorsTheScenarioPagesAndDropsStaleOnes() throws IOException {
        Path pages = dir.resolve("pages");
        Files.createDirectories(pages.resolve("org/example"));
        Files.writeString(pages.resolve("index.md"), "# Scenarios\n");
        Files.writeString(pages.resolve("org/example/A.md"), "# A\n");
        Path out = dir.resolve("docs");
        Cli.Run first = Cli.run("docs", "--out", out.toString(), "--scenarios", pages.toString(), "--pages-only");
        assertEquals(0, first.code(), first::toString);
        assertEquals(List.of("scenarios/index.md", "scenarios/org/example/A.md"), written(first, out));
        assertEquals("# A\n", Files.readString(out.resolve("scenarios/org/example/A.md")));
        assertEquals("# Scenarios\n", Files.readString(out.resolve("scenarios/index.md")));
        Files.delete(pages.resolve("org/example/A.md"));
        Cli.Run second = Cli.run("docs", "--out", out.toString(), "--scenarios", pages.toString(), "--section",
                "scenarios");
        assertEquals(0, second.code(), second::toString);
        assertTrue(second.out().contains("scenarios/org/example/A.md (deleted)"), second.out());
        assertFalse(Files.exists(out.resolve("scenarios/org/example/A.md")));
        Cli.Run missing = Cli.run("docs", "--out", out.toString(), "--scenarios", dir.resolve("nowhere").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("no scenario pages"), missing.err());
    }

    @Test
    void docsRefusesASectionThatDoesNotExistOrHasNoPages() {
        Path out = dir.resolve("docs");
        Cli.Run unknown = Cli.run("docs", "--out", out.toString(), "--section", "tables,timing");
        assertEquals(2, unknown.code(), unknown::toString);
        assertEquals("locktable: --section timing: no such section; the sections are tables, timing-validation, "
                + "safety, history, findings, scenarios", unknown.err().strip());
        Cli.Run noPages = Cli.run("docs", "--out", out.toString(), "--section", "scenarios");
        assertEquals(2, noPages.code(), noPages::toString);
        assertTrue(noPages.err().contains("give --scenarios FILE|DIR"), noPages.err());
        assertFalse(Files.exists(out), "nothing is written on bad input");
    }

    private static List<String> written(Cli.Run r, Path out) {
        return r.outLines().stream().filter(l -> l.startsWith("wrote ")).map(l -> out.relativize(
                Path.of(l.substring("wrote ".length()))).toString()).sorted().toList();
    }

    static Path projectRoot() {
        String prop = System.getProperty("locktable.projectRoot");
        if (prop != null && Files.isDirectory(Paths.get(prop, "generated-docs"))) {
            return Paths.get(prop);
        }
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("generated-docs"))) {
            p = p.getParent();
        }
        assertTrue(p != null, "cannot find the repository root");
        return p;
    }
}

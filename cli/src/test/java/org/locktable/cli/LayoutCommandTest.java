package org.locktable.cli;

import org.locktable.engine.text.ShellWords;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code locktable layout}. The inputs are outputs captured on Linux 6.18 (the engine's
 * {@code src/test/resources/imports/}, where the engine tests check all of them).
 */
class LayoutCommandTest {
    /** xfs-4k/wuuw.fiemap-v.txt */
    private static final String FIEMAP_WUUW = """
            wuuw:
             EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS
               0: [0..7]:          80..87               8   0x0
               1: [8..23]:         88..103             16 0x800
               2: [24..31]:        104..111             8   0x1
            """;
    /** ext4-4k/keep.filefrag-v.txt: KEEP_SIZE preallocation beyond EOF, and the ",eof" quirk */
    private static final String FILEFRAG_KEEP = """
            Filesystem type is: ef53
            File size of keep is 8192 (2 blocks of 4096 bytes)
             ext:     logical_offset:        physical_offset: length:   expected: flags:
               0:        0..       1:      33287..     33288:      2:            ,eof
               1:        2..       3:      33798..     33799:      2:      33289: last,unwritten,eof
            keep: 2 extents found
            """;
    /** ext4-4k/ww2.filefrag-v.txt: two physically discontiguous written extents */
    private static final String FILEFRAG_WW2 = """
            Filesystem type is: ef53
            File size of ww2 is 8192 (2 blocks of 4096 bytes)
             ext:     logical_offset:        physical_offset: length:   expected: flags:
               0:        0..       0:      33286..     33286:      1:           \s
               1:        1..       1:      33797..     33797:      1:      33287: last,eof
            ww2: 2 extents found
            """;
    /** xfs-4k/dela.xfs_bmap-vpe.txt */
    private static final String BMAP_DELA = """
            dela:
             EXT: FILE-OFFSET      BLOCK-RANGE      AG AG-OFFSET        TOTAL FLAGS
               0: [0..7]:          472..479          0 (472..479)           8 000000
               1: [8..15]:         hole                                     8
               2: [16..31]:        delalloc                                16
            """;
    /** xfs-4k/wuuw.xfs_bmap-v.txt: no -p */
    private static final String BMAP_NO_P = """
            wuuw:
             EXT: FILE-OFFSET      BLOCK-RANGE      AG AG-OFFSET        TOTAL
               0: [0..7]:          80..87            0 (80..87)             8
               1: [8..23]:         88..103           0 (88..103)           16
               2: [24..31]:        104..111          0 (104..111)           8
            """;
    /** ext4-1k/wuuw.fiemap-v.txt: 1 KiB blocks */
    private static final String FIEMAP_1K = """
            wuuw:
             EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS
               0: [0..1]:          16908..16909         2   0x0
               1: [2..5]:          16910..16913         4 0x800
               2: [6..7]:          17410..17411         2   0x1
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void printsLayoutBlockSizeSizeRecordsAndTheDecideLine() throws IOException {
        Path f = write("wuuw.fiemap", FIEMAP_WUUW);
        Cli.Run r = Cli.run("layout", "--size", "16384", f.toString());
        assertEquals(0, r.code(), r::toString);
        assertEquals("""
                layout      W U U W
                block size  4096
                size        16384
                records     3 (1 written, 1 unwritten, 1 written)  source: xfs_io fiemap -v
                decide with: locktable decide --layout "W U U W" --block-size 4096 --size 16384 --policy ext4-base \
                --offset ... --len ...
                """, r.out());
        assertEquals("", r.err());
    }

    @Test
    void saysWhereTheSizeCameFromWhenTheToolPrintsNone() {
        Cli.Run r = Cli.runWithInput(FIEMAP_WUUW, "layout", "-");
        assertEquals(0, r.code(), r::toString);
        assertEquals("size        16384 (the end of the map: xfs_io fiemap -v prints no file size; give i_size with "
                + "--size)", r.outLines().get(2));
    }

    @Test
    void filefragSizeAndBlocksBeyondEof() {
        Cli.Run r = Cli.runWithInput(FILEFRAG_KEEP, "layout", "-");
        assertEquals(0, r.code(), r::toString);
        assertEquals(List.of(
                "layout      W W U U",
                "block size  4096",
                "size        8192",
                "records     2 (1 written, 1 unwritten)  source: filefrag -v",
                "decide with: locktable decide --layout \"W W U U\" --block-size 4096 --size 8192 --policy ext4-base "
                        + "--offset ... --len ..."), r.outLines());
    }

    @Test
    void discontiguousWrittenExtentsAreSeparateRecords() {
        Cli.Run r = Cli.runWithInput(FILEFRAG_WW2, "layout", "-");
        assertEquals("layout      W|W", r.outLines().get(0));
        assertEquals("records     2 (2 written)  source: filefrag -v", r.outLines().get(3));
    }

    @Test
    void xfsBmapSuggestsTheXfsPolicyAndShowsDelalloc() {
        Cli.Run r = Cli.runWithInput(BMAP_DELA, "layout", "-");
        assertEquals(0, r.code(), r::toString);
        assertEquals("layout      W H D D", r.outLines().get(0));
        assertEquals("records     2 (1 written, 1 delalloc)  source: xfs_bmap -vp", r.outLines().get(3));
        assertTrue(r.outLines().get(4).contains("--policy xfs-dio"), r::toString);
    }

    @Test
    void blockSizeOption() {
        Cli.Run r = Cli.runWithInput(FIEMAP_1K, "layout", "--block-size", "1K", "-");
        assertEquals(0, r.code(), r::toString);
        assertEquals("layout      W U U W", r.outLines().get(0));
        assertEquals("block size  1024", r.outLines().get(1));
        assertEquals("size        4096 (the end of the map: xfs_io fiemap -v prints no file size; give i_size with "
                + "--size)", r.outLines().get(2));
    }

    @Test
    void json() {
        Cli.Run r = Cli.runWithInput(FIEMAP_WUUW, "layout", "--json", "--size", "16K", "-");
        assertEquals(0, r.code(), r::toString);
        assertEquals(1, r.outLines().size(), r::toString);
        Map<String, Object> o = ParsedJson.object(r.outLines().get(0));
        assertEquals(List.of("layout", "blockSize", "size", "records", "source", "notes"), new ArrayList<>(o.keySet()));
        assertEquals("W U U W", o.get("layout"));
        assertEquals(4096L, o.get("blockSize"));
        assertEquals(16384L, o.get("size"));
        assertEquals(List.of(
                Map.of("start", 0L, "length", 1L, "state", "written"),
                Map.of("start", 1L, "length", 2L, "state", "unwritten"),
                Map.of("start", 3L, "length", 1L, "state", "written")), o.get("records"));
        assertEquals("xfs_io fiemap -v", o.get("source"));
        assertEquals(List.of(), o.get("notes"));
    }

    @Test
    void theSuggestedDecideLineDecides() throws ShellWords.SyntaxException {
        Cli.Run r = Cli.runWithInput(FILEFRAG_KEEP, "layout", "-");
        String line = r.outLines().get(r.outLines().size() - 1);
        Matcher m = Pattern.compile("^decide with: locktable (decide .*) --offset \\.\\.\\. --len \\.\\.\\.$").matcher(line);
        assertTrue(m.matches(), line);
        List<String> args = new ArrayList<>(ShellWords.split(m.group(1)));
        args.addAll(List.of("--offset", "4096", "--len", "8192", "--json"));
        Cli.Run d = Cli.run(args.toArray(new String[0]));
        assertEquals(0, d.code(), d::toString);
        Map<String, Object> decision = ParsedJson.object(d.outLines().get(0));
        assertEquals("ext4-base", decision.get("policy"), d::toString);
    }

    @Test
    void emptyMap() {
        Cli.Run r = Cli.runWithInput("sparse: no extents\n", "layout", "-");
        assertEquals(0, r.code(), r::toString);
        assertEquals("layout      (no blocks)", r.outLines().get(0));
        assertTrue(r.outLines().get(4).startsWith("decide with: nothing"), r::toString);
        Cli.Run sized = Cli.runWithInput("sparse: no extents\n", "layout", "--size", "8192", "-");
        assertEquals("layout      H H", sized.outLines().get(0));
    }

    @Test
    void xfsBmapWithoutPIsRefusedWithTheFileAndLine() throws IOException {
        Path f = write("wuuw.bmap", BMAP_NO_P);
        Cli.Run r = Cli.run("layout", f.toString());
        assertEquals(2, r.code(), r::toString);
        assertEquals("", r.out());
        assertEquals("locktable: " + f + ":2: xfs_bmap output without -p cannot tell unwritten from written extents; "
                + "run xfs_bmap -vp\n", r.err());
    }

    @Test
    void malformedInputNamesStdinAndTheLine() {
        String truncated = FIEMAP_WUUW.substring(0, FIEMAP_WUUW.indexOf(" 0x800"));
        Cli.Run r = Cli.runWithInput(truncated, "layout", "-");
        assertEquals(2, r.code(), r::toString);
        assertEquals("", r.out());
        assertEquals("locktable: <stdin>:4: expected the FLAGS value (0x800 unwritten, 0x0 written, ...) after TOTAL 16; "
                + "found the end of the line (is the line cut short?)\n", r.err());
    }

    @Test
    void blocksOfTheWrongSizeNameTheLine() {
        Cli.Run r = Cli.runWithInput(FIEMAP_1K, "layout", "-");
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: <stdin>:3: expected extents of whole 4096-byte blocks; 512-byte units 0..1 (bytes "
                + "0..1023) end inside a block (is the file system's block size smaller? give it with --block-size)\n",
                r.err());
    }

    @Test
    void otherBadInput() throws IOException {
        assertOneLineError(Cli.runWithInput("", "layout", "-"), "locktable: <stdin>:1: expected filefrag -v, xfs_bmap "
                + "-vp or xfs_io -c \"fiemap -v\" output; the input is empty");
        assertOneLineError(Cli.runWithInput("\u0000\u0001garbage\n", "layout", "-"), "locktable: <stdin>:1: expected");
        Path overlap = write("overlap", FIEMAP_WUUW.replace("[8..23]", "[0..15]"));
        assertOneLineError(Cli.run("layout", overlap.toString()), "locktable: " + overlap + ":4: expected a row starting "
                + "at or after 512-byte unit 8");
        assertOneLineError(Cli.run("layout", dir.resolve("missing").toString()), "locktable: cannot read \""
                + dir.resolve("missing") + "\": no such file");
        assertOneLineError(Cli.run("layout", dir.toString()), "it is a directory");
        assertOneLineError(Cli.run("layout"), "locktable: Missing required parameter: 'FILE'");
        assertOneLineError(Cli.runWithInput(FIEMAP_WUUW, "layout", "--block-size", "3000", "-"),
                "locktable: block size 3000 must be a power of two from 512 to 65536");
        assertOneLineError(Cli.runWithInput(FIEMAP_WUUW, "layout", "--size", "-1", "-"),
                "locktable: file size -1 is negative");
        assertOneLineError(Cli.runWithInput(FIEMAP_WUUW, "layout", "-", "extra"), "locktable: Unmatched argument");
    }

    @Test
    void binaryInputFromAFile() throws IOException {
        Path f = dir.resolve("binary");
        Files.write(f, new byte[] {(byte) 0x7f, 'E', 'L', 'F', 2, 1, 1, 0, (byte) 0xc3, (byte) 0x28, (byte) 0xff, '\n'});
        Cli.Run r = Cli.run("layout", f.toString());
        assertOneLineError(r, "locktable: " + f + ":1: expected");
        assertTrue(r.err().contains("found \"\\x7fELF\\x02\\x01\\x01\\x00?(?\""), r::toString);
    }

    private static void assertOneLineError(Cli.Run r, String prefix) {
        assertEquals(2, r.code(), r::toString);
        assertEquals("", r.out(), r::toString);
        assertEquals(1, r.errLines().size(), r::toString);
        String line = r.errLines().get(0);
        assertTrue(line.startsWith(prefix) || (line.startsWith("locktable: ") && line.contains(prefix)),
                () -> "expected '" + prefix + "' in: " + line);
        assertFalse(line.contains("Exception") || line.contains("at org."), line);
    }
}

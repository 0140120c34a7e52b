package org.locktable.engine.imports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.imports.ExtentMap.Record;
import org.locktable.engine.imports.ExtentMap.SizeOrigin;
import org.locktable.engine.imports.ExtentMap.Tool;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.InvalidInputException;

/**
 * The samples and quirks of timing-notes §2.2–2.3 (the xfs_bmap and fiemap samples verbatim; the filefrag
 * snippets, which come without their header lines, with a header added), flag decoding, and the record rule:
 * same-state neighbours are one record only when physically contiguous.
 */
class DocumentedQuirksTest {

    private static ExtentMap parse(String text) throws InvalidInputException {
        return ExtentMapParser.parse(text, ExtentMapParser.Options.defaults());
    }

    private static ExtentMap parse(String text, Integer blockSize, Long size) throws InvalidInputException {
        return ExtentMapParser.parse(text, new ExtentMapParser.Options(blockSize, size));
    }

    @Test
    void xfsBmapSampleOfSection23Verbatim() throws InvalidInputException {
        String sample = """
                mnt/file:
                 EXT: FILE-OFFSET      BLOCK-RANGE      AG AG-OFFSET        TOTAL FLAGS
                   0: [0..127]:        hole                                   128
                   1: [128..135]:      256..263          0 (256..263)           8 010000
                   2: [136..143]:      264..271          0 (264..271)           8 000000
                   3: [144..255]:      272..383          0 (272..383)         112 010000
                 FLAG Values:
                    0100000 Shared extent
                    0010000 Unwritten preallocated extent
                    ...
                """;
        ExtentMap m = parse(sample);
        assertEquals(Samples.layout("H*16 U W U*14"), m.layout());
        assertEquals(Tool.XFS_BMAP, m.tool());
        assertEquals("mnt/file", m.fileName());
        assertEquals(4096, m.blockSize());
        assertEquals(256 * 512, m.size());
        assertEquals(SizeOrigin.END_OF_MAP, m.sizeOrigin());
        assertEquals(List.of(new Record(16, 1, BlockState.UNWRITTEN), new Record(17, 1, BlockState.WRITTEN),
                new Record(18, 14, BlockState.UNWRITTEN)), m.records());
        // in 1 KiB blocks the same map has 4 times as many
        assertEquals(Samples.layout("H*64 U*4 W*4 U*56"), parse(sample, 1024, null).layout());
    }

    @Test
    void fiemapSampleOfSection23Verbatim() throws InvalidInputException {
        ExtentMap m = parse("""
                testfile.txt:
                 EXT: FILE-OFFSET      BLOCK-RANGE          TOTAL FLAGS
                   0: [0..15]:         122802736..122802751    16 0x800
                   1: [16..31]:        122687536..122687551    16   0x1
                """);
        assertEquals(Samples.layout("U U W W"), m.layout());
        assertEquals(Tool.FIEMAP, m.tool());
        assertEquals(16384, m.size());
        assertNull(m.fileSystem());
    }

    @Test
    void filefragSnippetsOfSection22WithTheirHeader() throws InvalidInputException {
        String header = " ext:     logical_offset:        physical_offset: length:   expected: flags:\n";
        ExtentMap a = parse("File size of f is 1003520 (245 blocks of 4096 bytes)\n" + header + """
                   0:        0..     127:    6105210..   6105337:    128:             unwritten
                   1:      128..     244:    6104992..   6105108:    117:    6105338: last,eof
                """);
        assertEquals(Samples.layout("U*128 W*117"), a.layout());
        assertEquals(1003520, a.size());
        assertEquals(SizeOrigin.PRINTED, a.sizeOrigin());

        ExtentMap b = parse("File size of f is 1048576 (256 blocks of 4096 bytes)\n" + header
                + "   0:        0..     255:    4886416..   4886671:    256:             last,unwritten,eof\n");
        assertEquals(Samples.layout("U*256"), b.layout());

        // the ",eof" quirk: an extent with no other flag reaching EOF; here i_size is 1 block and the unwritten
        // extent after it was preallocated beyond EOF
        ExtentMap c = parse("File size of f is 4096 (1 block of 4096 bytes)\n" + header + """
                   0:        0..       0:  288817152.. 288817152:      1:            ,eof
                   1:        1..   16383:  288817153.. 288833535:  16383:             last,unwritten,eof
                """);
        assertEquals(Samples.layout("W U*16383"), c.layout());
        assertEquals(4096, c.size());
        assertEquals(16384, c.layout().blocks());
    }

    @Test
    void filefragHexWithoutLettersIsToldByTheEofFlag() throws InvalidInputException {
        String header = "File size of f is 1073745920 (262145 blocks of 4096 bytes)\n"
                + " ext:     logical_offset:        physical_offset: length:   expected: flags:\n";
        // decimal 40000 would end far before EOF; hex 0x40000 = 262144 ends at it
        ExtentMap hex = parse(header + "   0:    40000..   40000:       8800..      8800:      1:      40000: last,eof\n");
        assertEquals(Samples.layout("H*262144 W"), hex.layout());
        assertTrue(hex.notes().contains("filefrag printed hex numbers (-X)"), hex.notes()::toString);
        // without the eof flag, decimal agrees
        ExtentMap dec = parse(header + "   0:    40000..   40000:       8800..      8800:      1:      40000: last\n");
        assertEquals(Samples.layout("H*40000 W H*222144"), dec.layout());
        assertEquals(List.of(), dec.notes());
    }

    @Test
    void filefragHeaderVariants() throws InvalidInputException {
        ExtentMap m = parse("""
                Filesystem type is: ef53
                Filesystem cylinder groups approximately 4
                File size of name with spaces is 8192 is big is 8192 (2 blocks of 4096 bytes) -- pre-cached
                 ext:     logical_offset:        physical_offset: length:   expected: flags:
                   0:        0..       1:      33287..     33288:      2:             last,eof
                name with spaces is 8192 is big: 1 extent found, perfection would be 1 extent
                """);
        assertEquals(Samples.layout("W W"), m.layout());
        assertEquals("name with spaces is 8192 is big", m.fileName());
        assertEquals("ext4", m.fileSystem());
        // the footer may be missing when the last row carries the kernel's LAST flag
        ExtentMap noFooter = parse("""
                File size of f is 8192 (2 blocks of 4096 bytes)
                 ext:     logical_offset:        physical_offset: length:   expected: flags:
                   0:        0..       1:      33287..     33288:      2:             last,eof
                """);
        assertEquals(Samples.layout("W W"), noFooter.layout());
        assertNull(noFooter.fileSystem());
    }

    @Test
    void filefragUnitsSmallerThanTheFileSystemBlockAreNoted() throws InvalidInputException {
        // 5000 bytes on a 4 KiB file system with -k: 2 fs blocks = 8 KiB units, though 5000 bytes need only 5
        ExtentMap m = parse("""
                File size of f is 5000 (8 blocks of 1024 bytes)
                 ext:     logical_offset:        physical_offset: length:   expected: flags:
                   0:        0..       7:     135200..    135207:      8:             last,eof
                f: 1 extent found
                """);
        assertEquals(1024, m.blockSize());
        assertEquals(1, m.notes().size(), m.notes()::toString);
        assertTrue(m.notes().get(0).contains("--block-size"), m.notes().get(0));
        ExtentMap given = parse("""
                File size of f is 5000 (8 blocks of 1024 bytes)
                 ext:     logical_offset:        physical_offset: length:   expected: flags:
                   0:        0..       7:     135200..    135207:      8:             last,eof
                f: 1 extent found
                """, 4096, null);
        assertEquals(Samples.layout("W W"), given.layout());
        assertEquals(List.of(), given.notes());
    }

    @Test
    void sameStateNeighboursMergeOnlyWhenPhysicallyContiguous() throws InvalidInputException {
        String fiemap = """
                f:
                 EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS
                   0: [0..7]:          80..87               8   0x0
                   1: [8..15]:         88..95               8   0x0
                   2: [16..23]:        200..207             8 0x800
                   3: [24..31]:        208..215             8 0x800
                   4: [32..39]:        300..307             8 0x800
                   5: [40..47]:        hole                 8
                   6: [48..55]:        308..315             8 0x801
                """;
        ExtentMap m = parse(fiemap);
        assertEquals(Samples.layout("W W U U|U H U"), m.layout());
        assertEquals(List.of(new Record(0, 2, BlockState.WRITTEN), new Record(2, 2, BlockState.UNWRITTEN),
                new Record(4, 1, BlockState.UNWRITTEN), new Record(6, 1, BlockState.UNWRITTEN)), m.records());

        ExtentMap ff = parse("""
                File size of f is 16384 (4 blocks of 4096 bytes)
                 ext:     logical_offset:        physical_offset: length:   expected: flags:
                   0:        0..       0:      33280..     33280:      1:
                   1:        1..       1:      33281..     33281:      1:
                   2:        2..       2:      33290..     33290:      1:      33282:
                   3:        3..       3:      33291..     33291:      1:             last,eof
                f: 2 extents found
                """);
        assertEquals(Samples.layout("W W|W W"), ff.layout());
        assertEquals(2, ff.layout().recordCount());
    }

    @Test
    void fiemapFlags() throws InvalidInputException {
        ExtentMap m = parse("""
                f:
                 EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS
                   0: [0..7]:          80..87               8 0x2000
                   1: [8..15]:         0..7                 8   0x6
                   2: [16..23]:        0..7                 8   0x6
                   3: [24..31]:        96..103              8 0x1801
                """);
        // shared is written; delalloc (0x4, with UNKNOWN 0x2) has no location, so neighbours merge; merged|unwritten
        assertEquals(Samples.layout("W D D U"), m.layout());
    }

    @Test
    void xfsBmapFlagsAndDelalloc() throws InvalidInputException {
        ExtentMap m = parse("""
                f:
                 EXT: FILE-OFFSET      BLOCK-RANGE      AG AG-OFFSET        TOTAL FLAGS
                   0: [0..7]:          80..87            0 (80..87)             8 100000
                   1: [8..15]:         delalloc                                 8
                   2: [16..23]:        96..103           0 (96..103)            8 011111
                """);
        assertEquals(Samples.layout("W D U"), m.layout());
        assertEquals(List.of(), m.notes());
    }

    @Test
    void xfsBmapRealtimeFileAndHeaderWithoutNameLine() throws InvalidInputException {
        ExtentMap rt = parse("""
                f:
                 EXT: FILE-OFFSET      RT-BLOCK-RANGE                TOTAL FLAGS
                   0: [0..7]:          80..87                            8 000000
                   1: [8..15]:         88..95                            8 010000
                """);
        assertEquals(Samples.layout("W U"), rt.layout());
        assertEquals(Tool.XFS_BMAP, rt.tool());
        ExtentMap headerOnly = parse("""
                 EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS
                   0: [0..7]:          80..87               8   0x1
                """);
        assertEquals(Samples.layout("W"), headerOnly.layout());
        assertNull(headerOnly.fileName());
    }

    @Test
    void indicesPastNineThousandNineHundredNinetyNineWidenTheRow() throws InvalidInputException {
        StringBuilder b = new StringBuilder("big:\n EXT: FILE-OFFSET      BLOCK-RANGE      AG AG-OFFSET        TOTAL FLAGS\n");
        int rows = 10002;
        for (int i = 0; i < rows; i++) {
            long off = 8L * i;
            if (i % 2 == 1) {
                b.append(String.format("%4d: %-16s %-16s %5d%n", i, "[" + off + ".." + (off + 7) + "]:", "hole", 8));
            } else {
                long phys = 1000L + 16 * i;
                b.append(String.format("%4d: %-16s %-16s %2d %-16s %5d %06o%n", i, "[" + off + ".." + (off + 7) + "]:",
                        phys + ".." + (phys + 7), 0, "(" + phys + ".." + (phys + 7) + ")", 8, (i / 2) % 2 == 0 ? 0 : 010000));
            }
        }
        assertTrue(b.toString().contains("\n10000: [80000..80007]:"), "row 10000 is not indented");
        ExtentMap m = parse(b.toString());
        assertEquals(5001, m.layout().recordCount());
        assertEquals(rows, m.layout().blocks());
        assertEquals(BlockState.WRITTEN, m.layout().stateAt(10000));
        assertEquals(BlockState.UNWRITTEN, m.layout().stateAt(9998));
        assertEquals(BlockState.HOLE, m.layout().stateAt(10001));
    }

    @Test
    void windowsLineEndingsAndSurroundingBlankLines() throws InvalidInputException {
        ExtentMap m = parse("\r\n\r\nf:\r\n EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\r\n"
                + "   0: [0..7]:          80..87               8   0x1\r\n\r\n");
        assertEquals(Samples.layout("W"), m.layout());
    }

    @Test
    void theInodeOfAMapIsWhatDecideGets() throws InvalidInputException {
        ExtentMap m = Samples.parse("ext4-4k/keep.filefrag-v.txt", null, null);
        assertEquals(8192, m.inode().size());
        assertEquals(4, m.inode().layout().blocks());
        assertEquals(4096, m.inode().blockSize());
    }
}

package org.locktable.engine.imports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.locktable.engine.model.InvalidInputException;

/** Bad input: a typed exception naming the 1-based line and what was expected there. */
class MalformedInputTest {
    private static final String FF_HEAD = """
            Filesystem type is: ef53
            File size of wuuw is 16384 (4 blocks of 4096 bytes)
             ext:     logical_offset:        physical_offset: length:   expected: flags:
            """;
    private static final String FM_HEAD = """
            wuuw:
             EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS
            """;
    private static final String BMAP_HEAD = """
            wuuw:
             EXT: FILE-OFFSET      BLOCK-RANGE      AG AG-OFFSET        TOTAL FLAGS
            """;

    /** text, --block-size, line, a fragment of what was expected. */
    static Stream<Arguments> cases() {
        return Stream.of(
                // empty input and garbage
                bad("", null, 1, "the input is empty"),
                bad("\n   \n\t\n", null, 1, "the input is empty"),
                bad("hello world\n", null, 1, "found \"hello world\""),
                bad("\n\nhello world\n", null, 3, "found \"hello world\""),
                bad("\u0000\u0001\u00ff\u007f\n", null, 1, "found \"\\x00\\x01\u00ff\\x7f\""),
                bad("wuuw:\nsomething else\n", null, 2, "expected an \" EXT: FILE-OFFSET\" table header"),
                bad(" ext:     logical_offset:        physical_offset: length:   expected: flags:\n"
                        + "   0:        0..       1:      33287..     33288:      2:             last,eof\n", null, 1,
                        "expected \"File size of FILE is BYTES (N blocks of B bytes)\""),
                bad("Filesystem type is: ef53\nFile size of f is big\n", null, 2, "expected \"File size of FILE is"),
                bad("wuuw:\n\t0: [0..7]: 80..87\n\t1: [8..23]: 88..103\n", null, 2, "the plain format does not show "
                        + "unwritten extents"),
                bad("wuuw:\n EXT: FILE-OFFSET      BLOCK-RANGE      SOMETHING\n", null, 2, "expected the table header of "
                        + "xfs_bmap -vp"),

                // truncated lines and output
                bad(FF_HEAD + "   0:        0..       0:      33280..     33280:      1:\n"
                        + "   1:        1..       2:      33282..\n", null, 5, "expected an extent row"),
                bad(FF_HEAD + "   0:        0..       0:      33280..     33280:      1:\n"
                        + "   1:        1..       2:      33282..     33283:      2:      33281: unwritten\n", null, 6,
                        "or the \"FILE: N extents found\" line; found the end of the input (is the output cut short?)"),
                bad("File size of f is 0 (0 blocks of 4096 bytes)\n", null, 2, "expected the extent table header"),
                bad(FM_HEAD + "   0: [0..7]:          80..87               8   0x0\n"
                        + "   1: [8..23]:         88..103             16\n", null, 4, "expected the FLAGS value"),
                bad(FM_HEAD + "   0: [0..7]:          80..87               8   0x0\n"
                        + "   1: [8..23]:         88..1", null, 4, "expected a row \"N: [START..END]: PSTART..PEND TOTAL"),
                bad(FM_HEAD, null, 3, "after the table header; found the end of the input"),
                bad(BMAP_HEAD + "   0: [0..7]:          80..87            0 (80..87)             8 000000\n"
                        + "   1: [8..23]:         88..103           0 (88..103)           16\n", null, 4,
                        "expected the FLAGS value (010000 unwritten, 000000 written) after TOTAL 16; found the end"),
                bad(BMAP_HEAD + "   0: [0..7]:          80..87            0 (80..87)             8 000000\n"
                        + "   1: [8..23]:         88..103           0 (88..1\n", null, 4, "expected a row \"N: [START..END]:"),

                // not whole blocks
                bad(FM_HEAD + "   0: [0..7]:          80..87               8   0x0\n"
                        + "   1: [8..11]:         88..91               4 0x801\n", null, 4,
                        "expected extents of whole 4096-byte blocks; 512-byte units 8..11 (bytes 4096..6143) end inside a block"),
                bad(BMAP_HEAD + "   0: [0..0]:          80..80            0 (80..80)             1 000000\n", 1024, 3,
                        "expected extents of whole 1024-byte blocks; 512-byte units 0..0 (bytes 0..511) end"),
                bad(BMAP_HEAD + "   0: [0..6]:          hole                                     7\n"
                        + "   1: [7..10]:         88..91            0 (88..91)             4 000000\n", 1024, 4,
                        "512-byte units 7..10 (bytes 3584..5631) start inside a block"),
                bad("File size of f is 8192 (8 blocks of 1024 bytes)\n"
                        + " ext:     logical_offset:        physical_offset: length:   expected: flags:\n"
                        + "   0:        0..       3:     135200..    135203:      4:\n"
                        + "   1:        4..       5:     135210..    135211:      2:     135204: last\n", 4096, 4,
                        "1024-byte units 4..5 (bytes 4096..6143) end inside a block"),

                // overlaps, order, counts, lengths
                bad(FM_HEAD + "   0: [0..15]:         80..95              16   0x0\n"
                        + "   1: [8..23]:         96..111             16   0x1\n", null, 4,
                        "expected a row starting at or after 512-byte unit 16, where the previous one ends; found 8..23"),
                bad(FF_HEAD + "   0:        0..       3:      33280..     33283:      4:\n"
                        + "   1:        2..       5:      33290..     33293:      4:      33284: last,eof\n", null, 5,
                        "expected a row starting at or after block 4, where the previous one ends; found 2..5"),
                bad(BMAP_HEAD + "   0: [0..7]:          80..87            0 (80..87)             8 000000\n"
                        + "   2: [16..23]:        96..103           0 (96..103)            8 000000\n", null, 4,
                        "expected extent 1 (rows count up from 0, holes included); found extent 2"),
                bad(FF_HEAD + "   1:        0..       3:      33280..     33283:      4:             last,eof\n", null, 4,
                        "expected extent 0"),
                bad(FM_HEAD + "   0: [0..15]:         80..95               8   0x1\n", null, 3,
                        "expected TOTAL 16 for the range [0..15]; found 8"),
                bad(BMAP_HEAD + "   0: [0..15]:         80..87            0 (80..87)            16 000000\n", null, 3,
                        "expected a block range as long as the file range [0..15]; found 80..87"),
                bad(FF_HEAD + "   0:        0..       3:      33280..     33283:      3:             last,eof\n", null, 4,
                        "expected length 4 for the range 0..3; found 3"),
                bad(FM_HEAD + "   0: [16..7]:         80..71               8   0x1\n", null, 3, "END >= START"),
                bad(FM_HEAD + "   0: [0..99999999999999999999]:  80..87    8   0x1\n", null, 3, "expected a number below 2^62"),

                // what cannot be modelled
                bad("File size of f is 60 (1 block of 4096 bytes)\n"
                        + " ext:     logical_offset:        physical_offset: length:   expected: flags:\n"
                        + "   0:        0..      59:          0..        59:     60:             last,not_aligned,inline,eof\n",
                        null, 3, "inline in the inode"),
                bad(FM_HEAD + "   0: [0..7]:          0..7                 8 0x201\n", null, 3, "inline in the inode"),
                bad("File size of f is 1048576 (16 blocks of 65536 bytes)\n"
                        + " ext:     logical_offset:        physical_offset: length:   expected: flags:\n"
                        + "   0:        0..      15:       2000..      2015:     16:             last,eof\n", 4096, 1,
                        "found 65536-byte units (filefrag -b rounds extents down to them)"),
                bad("File size of f is 1048576 (1 block of 1048576 bytes)\n"
                        + " ext:     logical_offset:        physical_offset: length:   expected: flags:\n"
                        + "   0:        0..       0:          2..         2:      1:             last,eof\n", null, 1,
                        "found 1048576 (filefrag -b?): give the file system's block size with --block-size"),
                bad(FF_HEAD + "   0:        0..       3:      33280..     33283:      4:             last,eof,what?\n",
                        null, 4, "expected a comma-separated list of flags"),

                // more than one map, trailing text
                bad(FM_HEAD + "   0: [0..7]:          80..87               8   0x1\nother:\n"
                        + " EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\n", null, 4, "expected one table per input"),
                bad(BMAP_HEAD + "   0: [0..7]:          80..87            0 (80..87)             8 000000\n\nother:\n",
                        null, 5, "expected one table per input"),
                bad(FF_HEAD + "   0:        0..       3:      33280..     33283:      4:             last,eof\n"
                        + "wuuw: 1 extent found\nrandom trailer\n", null, 6, "expected the end of filefrag's output"),
                bad("f: no extents\nmore\n", null, 2, "expected the end of xfs_bmap's output"),
                bad("f:\n\nmore\n", null, 3, "expected the end of xfs_io fiemap's output"),
                bad(FM_HEAD + "   0: [0..7]:          hole                 8 0x0\n", null, 3, "expected no FLAGS on a hole row"));
    }

    private static Arguments bad(String text, Integer blockSize, int line, String fragment) {
        return Arguments.of(text, blockSize, line, fragment);
    }

    @ParameterizedTest(name = "[{index}] line {2}: {3}")
    @MethodSource("cases")
    void namesTheLineAndWhatWasExpected(String text, Integer blockSize, int line, String fragment) {
        ExtentMapException e = Samples.failure(text, blockSize, null);
        assertEquals(line, e.line(), e::getMessage);
        assertTrue(e.expected().contains(fragment), () -> "expected '" + fragment + "' in: " + e.expected());
        assertTrue(e.expected().startsWith("expected ") || e.expected().startsWith("xfs_bmap output without -p"),
                e.expected());
        assertFalse(e.expected().contains("\n"), e.expected());
        assertEquals("extentMap", e.field());
    }

    @Test
    void binaryGarbageIsRefusedAtLineOne() {
        byte[] bytes = {(byte) 0x7f, 'E', 'L', 'F', 2, 1, 1, 0, (byte) 0xc3, (byte) 0x28, '\n', 0, 0};
        ExtentMapException e = Samples.failure(new String(bytes, StandardCharsets.UTF_8), null, null);
        assertEquals(1, e.line());
    }

    @Test
    void badOptionsAreInvalidInputNamingTheOption() {
        InvalidInputException bs = assertThrows(InvalidInputException.class,
                () -> ExtentMapParser.parse("f:\n", new ExtentMapParser.Options(3000, null)));
        assertFalse(bs instanceof ExtentMapException);
        assertEquals("blockSize", bs.field());
        assertEquals("block size 3000 must be a power of two from 512 to 65536", bs.getMessage());
        InvalidInputException size = assertThrows(InvalidInputException.class,
                () -> ExtentMapParser.parse("f:\n", new ExtentMapParser.Options(null, -1L)));
        assertEquals("size", size.field());
        assertEquals("file size -1 is negative", size.getMessage());
    }
}

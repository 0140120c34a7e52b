package org.locktable.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.imports.FiemapParser;

/** {@code xfs_io -c "fiemap -v"} output read through the engine's parser, in bytes; no kernel needed. */
class FileMapTest {

    @Test
    void parsesXfsIoFiemapOutputWithHolesAndFlags() throws IOException {
        String out = "/tmp/probe/m/ext4/E06-0:\n"
                + " EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\n"
                + "   0: [0..7]:          266368..266375       8   0x0\n"
                + "   1: [8..15]:         262664..262671       8 0x800\n"
                + "   2: [16..23]:        hole                 8\n"
                + "   3: [24..31]:        266376..266383       8   0x1\n";
        FileMap m = FileMap.parseXfsIo(out, 16384);
        assertEquals(List.of(new FileMap.Extent(0, 266368L * 512, 4096, 0),
                new FileMap.Extent(4096, 262664L * 512, 4096, 0x800),
                new FileMap.Extent(12288, 266376L * 512, 4096, 0x1)), m.extents());
        assertEquals(1, m.unwrittenExtents());
        assertEquals("size=16384 0+4096@136380416W 4096+4096@134483968U 12288+4096@136384512W", m.toString());
    }

    @Test
    void aFileWithoutExtentsHasNone() throws IOException {
        assertTrue(FileMap.parseXfsIo("/mnt/empty:\n", 0).extents().isEmpty());
    }

    @Test
    void delallocAndSharedExtentsAreOdd() {
        FileMap.Extent delalloc = new FileMap.Extent(0, 0, 4096, FiemapParser.FLAG_DELALLOC | FiemapParser.FLAG_LAST);
        assertTrue(delalloc.delalloc());
        assertEquals(FiemapParser.FLAG_DELALLOC, delalloc.oddFlags());
        assertEquals(FiemapParser.FLAG_SHARED, new FileMap.Extent(0, 0, 4096, 0x2001).oddFlags());
        assertEquals(0, new FileMap.Extent(0, 0, 4096, 0x1801).oddFlags(), "LAST, UNWRITTEN, MERGED are ordinary");
    }

    @Test
    void outputThatIsNotOneFiemapTableSaysWhy() {
        IOException cut = assertThrows(IOException.class, () -> FileMap.parseXfsIo("f:\n"
                + " EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\n"
                + "   0: [0..7]:          80..87               8\n", 4096));
        assertTrue(cut.getMessage().startsWith("xfs_io fiemap -v output: line 3: expected the FLAGS value"),
                cut.getMessage());
        IOException other = assertThrows(IOException.class, () -> FileMap.parseXfsIo("Filesystem type is: ef53\n", 0));
        assertTrue(other.getMessage().contains("expected xfs_io -c \"fiemap -v\" output"), other.getMessage());
    }
}

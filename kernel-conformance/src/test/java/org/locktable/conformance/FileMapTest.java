package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** FIEMAP parsing, from the helper's answer and from xfs_io output; no kernel needed. */
class FileMapTest {

    @Test
    void parsesTheHelpersAnswer() {
        FileMap m = FileMap.parseHelper("OK 14336 3 0:8462336:8192:0 8192:8474624:4096:0 12288:8478720:4096:801");
        assertEquals(14336, m.size());
        assertEquals(List.of(new FileMap.Extent(0, 8462336, 8192, 0), new FileMap.Extent(8192, 8474624, 4096, 0),
                new FileMap.Extent(12288, 8478720, 4096, 0x801)), m.extents());
        assertTrue(m.extents().get(2).unwritten());
        assertFalse(m.extents().get(0).unwritten());
        assertEquals(0, m.extents().get(2).oddFlags(), "LAST and UNWRITTEN are ordinary");
        assertEquals("size=14336 0+8192@8462336W 8192+4096@8474624W 12288+4096@8478720U", m.toString());
    }

    @Test
    void parsesAnEmptyFile() {
        FileMap m = FileMap.parseHelper("OK 16384 0");
        assertEquals(16384, m.size());
        assertTrue(m.extents().isEmpty());
    }

    @Test
    void refusesAMalformedAnswer() {
        assertThrows(IllegalArgumentException.class, () -> FileMap.parseHelper("ERR EBADF no current file"));
        assertThrows(IllegalArgumentException.class, () -> FileMap.parseHelper("OK 8192 2 0:0:4096:0"));
        assertThrows(IllegalArgumentException.class, () -> FileMap.parseHelper("OK 8192 1 0:0:4096"));
    }

    @Test
    void parsesXfsIoFiemapOutputWithHolesAndFlags() {
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
    }

    @Test
    void delallocAndSharedExtentsAreOdd() {
        FileMap m = FileMap.parseHelper("OK 8192 2 0:0:4096:4 4096:8192:4096:2001");
        assertEquals(FileMap.FLAG_DELALLOC, m.extents().get(0).oddFlags());
        assertEquals(FileMap.FLAG_SHARED, m.extents().get(1).oddFlags());
    }
}

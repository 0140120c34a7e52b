package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.imports.FiemapParser;
import org.locktable.rig.FileMap;

/** The helper's {@code fiemap} answer; no kernel needed (xfs_io output: linux-rig's FileMapTest). */
class LtprobeFiemapTest {

    @Test
    void parsesTheHelpersAnswer() {
        FileMap m = Ltprobe.parseFiemap("OK 14336 3 0:8462336:8192:0 8192:8474624:4096:0 12288:8478720:4096:801");
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
        FileMap m = Ltprobe.parseFiemap("OK 16384 0");
        assertEquals(16384, m.size());
        assertTrue(m.extents().isEmpty());
    }

    @Test
    void refusesAMalformedAnswer() {
        assertThrows(IllegalArgumentException.class, () -> Ltprobe.parseFiemap("ERR EBADF no current file"));
        assertThrows(IllegalArgumentException.class, () -> Ltprobe.parseFiemap("OK 8192 2 0:0:4096:0"));
        assertThrows(IllegalArgumentException.class, () -> Ltprobe.parseFiemap("OK 8192 1 0:0:4096"));
    }

    @Test
    void delallocAndSharedExtentsAreOdd() {
        FileMap m = Ltprobe.parseFiemap("OK 8192 2 0:0:4096:4 4096:8192:4096:2001");
        assertEquals(FiemapParser.FLAG_DELALLOC, m.extents().get(0).oddFlags());
        assertEquals(FiemapParser.FLAG_SHARED, m.extents().get(1).oddFlags());
    }
}

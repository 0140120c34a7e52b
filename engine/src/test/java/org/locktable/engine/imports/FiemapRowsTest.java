package org.locktable.engine.imports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.model.InvalidInputException;

/** {@link FiemapParser#rows}: xfs_io fiemap's rows as printed, for the live rig; checked as the import checks them. */
class FiemapRowsTest {

    @Test
    void rowsComeAsPrintedHolesIncluded() throws InvalidInputException {
        List<FiemapParser.Row> rows = FiemapParser.rows("wuuw:\n"
                + " EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\n"
                + "   0: [0..7]:          80..87               8   0x0\n"
                + "   1: [8..23]:         88..103             16 0x800\n"
                + "   2: [24..31]:        hole                 8\n"
                + "   3: [32..39]:        104..111             8   0x1\n");
        assertEquals(List.of(new FiemapParser.Row(3, 0, 7, false, 80, 87, 0),
                new FiemapParser.Row(4, 8, 23, false, 88, 103, FiemapParser.FLAG_UNWRITTEN),
                new FiemapParser.Row(5, 24, 31, true, -1, -1, 0),
                new FiemapParser.Row(6, 32, 39, false, 104, 111, FiemapParser.FLAG_LAST)), rows);
    }

    @Test
    void aFileWithoutExtentsHasNoRows() throws InvalidInputException {
        assertEquals(List.of(), FiemapParser.rows("/mnt/empty:\n"));
    }

    @Test
    void otherToolsAndBrokenRowsAreRefusedWithTheLine() {
        ExtentMapException bmap = assertThrows(ExtentMapException.class, () -> FiemapParser.rows("f: no extents\n"));
        assertTrue(bmap.expected().startsWith("expected xfs_io -c \"fiemap -v\" output"), bmap.getMessage());
        ExtentMapException total = assertThrows(ExtentMapException.class, () -> FiemapParser.rows("f:\n"
                + " EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\n"
                + "   0: [0..7]:          80..87               9   0x0\n"));
        assertEquals(3, total.line());
        assertEquals("expected TOTAL 8 for the range [0..7]; found 9", total.expected());
    }
}

package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.model.Layout;

@DisplayName("BlockMap: the mutable extent map")
class BlockMapTest {
    @Test
    @DisplayName("a uniform map reads its state up to its end, holes beyond, without materialising")
    void uniform() {
        BlockMap m = BlockMap.uniform(1L << 30, BlockMap.UNWRITTEN);
        assertEquals(BlockMap.UNWRITTEN, m.stateAt(0));
        assertEquals(BlockMap.UNWRITTEN, m.stateAt((1L << 30) - 1));
        assertEquals(BlockMap.HOLE, m.stateAt(1L << 30));
        assertEquals(1L << 30, m.runEnd(5, Long.MAX_VALUE), "one run to the end, found chunk by chunk");
        assertEquals(0, m.materialisedChunks());
    }

    @Test
    @DisplayName("a stripe repeats from block 0; same-state neighbours across repetitions merge; | is kept")
    void pattern() throws Exception {
        BlockMap m = BlockMap.pattern(16, Layout.parse("W U U W"));
        assertEquals(BlockMap.WRITTEN, m.stateAt(0));
        assertEquals(BlockMap.UNWRITTEN, m.stateAt(1));
        assertEquals(BlockMap.WRITTEN, m.stateAt(3));
        assertEquals(BlockMap.WRITTEN, m.stateAt(4));
        assertEquals(1, m.runEnd(0, 100));
        assertEquals(3, m.runEnd(1, 100));
        assertEquals(5, m.runEnd(3, 100), "W of one stripe and W of the next are one record");
        assertEquals(BlockMap.HOLE, m.stateAt(16));
        BlockMap b = BlockMap.pattern(8, Layout.parse("W|W U"));
        assertEquals(1, b.runEnd(0, 100), "the | boundary splits two written blocks");
        assertEquals(2, b.runEnd(1, 100));
    }

    @Test
    @DisplayName("set changes only the blocks in the from-states, materialises one chunk, keeps boundaries")
    void set() throws Exception {
        BlockMap m = BlockMap.pattern(1 << 20, Layout.parse("W U U W"));
        m.set(0, 7, 1 << BlockMap.UNWRITTEN, BlockMap.WRITTEN);
        assertEquals(1, m.materialisedChunks());
        assertEquals(9, m.runEnd(0, 100), "blocks 0..7 written, block 8 written (stripe), block 9 unwritten");
        assertEquals(BlockMap.UNWRITTEN, m.stateAt(9));
        assertTrue(m.any(0, 20, 1 << BlockMap.UNWRITTEN));
        assertFalse(m.any(0, 8, 1 << BlockMap.UNWRITTEN));
        BlockMap b = BlockMap.pattern(4, Layout.parse("W|W U W"));
        b.set(0, 3, 1 << BlockMap.UNWRITTEN, BlockMap.WRITTEN);
        assertEquals(1, b.runEnd(0, 100), "the physical boundary survives conversion");
        assertEquals(4, b.runEnd(1, 100), "the converted block merges with its written neighbours");
    }

    @Test
    @DisplayName("writes beyond the initial end grow the map")
    void grows() {
        BlockMap m = BlockMap.uniform(0, BlockMap.HOLE);
        m.set(1_000_000, 1_000_001, 1 << BlockMap.HOLE, BlockMap.WRITTEN);
        assertEquals(BlockMap.WRITTEN, m.stateAt(1_000_000));
        assertEquals(BlockMap.HOLE, m.stateAt(999_999));
        assertEquals(1_000_000, m.runEnd(0, Long.MAX_VALUE));
    }
}

package org.locktable.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.locktable.engine.model.BlockState.DELALLOC;
import static org.locktable.engine.model.BlockState.HOLE;
import static org.locktable.engine.model.BlockState.UNWRITTEN;
import static org.locktable.engine.model.BlockState.WRITTEN;


import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The layout notation (class comment of {@link Layout}, spec §1.1 "Extent-record semantics", spec §7 "Layout
 * notation") and the block-map queries. Expected record lists are written out by hand.
 */
class LayoutTest {

    /** "start+length:STATE" for every record, e.g. {@code 0+1:WRITTEN 1+2:UNWRITTEN}. */
    private static String records(Layout l) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < l.recordCount(); i++) {
            if (s.length() > 0) {
                s.append(' ');
            }
            s.append(l.recordStart(i)).append('+').append(l.recordLength(i)).append(':').append(l.recordState(i));
        }
        return s.toString();
    }

    @Nested
    @DisplayName("notation")
    class Notation {
        @Test
        @DisplayName("one letter per block; same-state neighbours separated by a space form one record")
        void lettersAndMerging() throws Exception {
            Layout l = Layout.parse("W U U W");
            assertEquals(4, l.blocks());
            assertEquals("0+1:WRITTEN 1+2:UNWRITTEN 3+1:WRITTEN", records(l));
        }

        @Test
        @DisplayName("'W W' is one record, 'W|W' is two records (physically discontiguous)")
        void barMarksRecordBoundary() throws Exception {
            assertEquals("0+2:WRITTEN", records(Layout.parse("W W")));
            assertEquals("0+1:WRITTEN 1+1:WRITTEN", records(Layout.parse("W|W")));
            assertEquals("0+1:WRITTEN 1+2:WRITTEN 3+1:WRITTEN", records(Layout.parse("W|W W|W")));
            assertNotEquals(Layout.parse("W W"), Layout.parse("W|W"));
        }

        @Test
        @DisplayName("'W|U' is accepted and equals 'W U' (different states are separate records anyway)")
        void barBetweenDifferentStatesIsRedundant() throws Exception {
            Layout bar = Layout.parse("W|U");
            Layout space = Layout.parse("W U");
            assertEquals(space, bar);
            assertEquals(space.hashCode(), bar.hashCode());
            assertEquals("0+1:WRITTEN 1+1:UNWRITTEN", records(bar));
            assertEquals("W U", bar.toString());
        }

        @Test
        @DisplayName("H and . are holes: no record, but the blocks count")
        void holes() throws Exception {
            Layout l = Layout.parse("W . H W");
            assertEquals(4, l.blocks());
            assertEquals("0+1:WRITTEN 3+1:WRITTEN", records(l));
            assertEquals(Layout.parse("W H H W"), l);
        }

        @Test
        @DisplayName("D is delalloc and has records like W and U")
        void delalloc() throws Exception {
            assertEquals("0+2:DELALLOC 2+1:WRITTEN", records(Layout.parse("D D W")));
        }

        @Test
        @DisplayName("W*8 repeats a letter; a repeat merges with a same-state neighbour unless '|' separates them")
        void repeat() throws Exception {
            assertEquals("0+8:WRITTEN", records(Layout.parse("W*8")));
            assertEquals(Layout.parse("W W W W W W W W"), Layout.parse("W*8"));
            assertEquals("0+5:WRITTEN", records(Layout.parse("W*3 W*2")));
            assertEquals("0+3:WRITTEN 3+2:WRITTEN", records(Layout.parse("W*3|W*2")));
            assertEquals("0+4:WRITTEN 6+3:UNWRITTEN", records(Layout.parse("W*4 H*2 U*3")));
        }

        @Test
        @DisplayName("any whitespace separates blocks, leading and trailing whitespace is ignored")
        void whitespace() throws Exception {
            assertEquals(Layout.parse("W U W"), Layout.parse("  W\tU \n W  "));
            assertEquals(Layout.parse("W|W"), Layout.parse("W | W"));
        }

        @Test
        @DisplayName("holes are not records, so a '|' can never be needed next to one")
        void holesHaveNoRecord() throws Exception {
            assertEquals(0, Layout.parse("H H W").recordIndexAt(2));
            assertEquals(-1, Layout.parse("H H W").recordIndexAt(1));
        }

        // Layout's class comment: "the number of blocks the layout was declared with"; spec §7: blocks not
        // listed beyond the strip are holes, but a strip that lists them declares them.
        @Test
        @DisplayName("trailing holes count towards the declared number of blocks")
        void trailingHolesAreDeclared() throws Exception {
            assertEquals(3, Layout.parse("W H H").blocks());
            assertEquals("W H H", Layout.parse("W H H").toString());
            assertEquals(10, Layout.parse("H*10").blocks());
            assertEquals(1_000_010, Layout.parse("W*1000000 U*3 H*7").blocks());
            assertEquals(3 * 4096L, Inode.builder(Layout.parse("W H H")).build().size());
        }

        @Test
        @DisplayName("repeat counts are ASCII digits only")
        void nonAsciiDigitsAreRejected() {
            LayoutSyntaxException arabicIndicThree = assertThrows(LayoutSyntaxException.class, () -> Layout.parse("W*\u0663"));
            assertEquals(3, arabicIndicThree.column());
            LayoutSyntaxException fullwidthThree = assertThrows(LayoutSyntaxException.class, () -> Layout.parse("W*\uFF13"));
            assertEquals(3, fullwidthThree.column());
        }
    }

    @Nested
    @DisplayName("canonical toString")
    class Canonical {
        @ParameterizedTest(name = "\"{0}\" prints as \"{1}\"")
        @CsvSource(delimiter = ';', value = {
                "W U U W;               W U U W",
                "W|W;                   W|W",
                "W W W W;               W W W W",
                "W*4;                   W W W W",
                "W*5;                   W*5",
                "W W W W W;             W*5",
                "W*3|W*2;               W W W|W W",
                "W*8|W*8;               W*8|W*8",
                "W|U;                   W U",
                ". W;                   H W",
                "H H H H H W;           H*5 W",
                "D*6 U|U W*1000000;     D*6 U|U W*1000000",
                "W|W|W;                 W|W|W",
                "U H U;                 U H U"
        })
        void canonicalForm(String notation, String canonical) throws Exception {
            assertEquals(canonical, Layout.parse(notation).toString());
        }

        @ParameterizedTest(name = "\"{0}\" round-trips")
        @CsvSource(delimiter = ';', value = {
                "W U U W", "W|W", "W*5 H*5 U*5 D*5", "W*3|W*2 U", "H W|W H U|U|U D", "W*1000000 U*3 W"
        })
        void roundTrip(String notation) throws Exception {
            Layout once = Layout.parse(notation);
            Layout again = Layout.parse(once.toString());
            assertEquals(once, again);
            assertEquals(once.toString(), again.toString());
        }

        @Test
        @DisplayName("a builder-made layout prints its records and boundaries")
        void builderLayoutPrints() throws Exception {
            Layout l = Layout.builder()
                    .record(0, 2, WRITTEN)
                    .separateRecord(2, 6, WRITTEN)
                    .record(10, 1, UNWRITTEN)
                    .build();
            assertEquals("W W|W*6 H H U", l.toString());
            assertEquals(l, Layout.parse(l.toString()));
        }
    }

    @Nested
    @DisplayName("queries")
    class Queries {
        // blocks: 0 W | 1 W (separate) | 2 H | 3 H | 4..6 U | 7 D | 8 H | 9 W
        private Layout handBuilt() throws InvalidInputException {
            return Layout.builder()
                    .record(0, 1, WRITTEN)
                    .separateRecord(1, 1, WRITTEN)
                    .record(4, 3, UNWRITTEN)
                    .record(7, 1, DELALLOC)
                    .record(9, 1, WRITTEN)
                    .build();
        }

        @Test
        @DisplayName("recordIndexAt: the record holding the block, -1 for holes and beyond the end")
        void recordIndexAt() throws Exception {
            Layout l = handBuilt();
            assertEquals(5, l.recordCount());
            assertEquals(0, l.recordIndexAt(0));
            assertEquals(1, l.recordIndexAt(1));
            assertEquals(-1, l.recordIndexAt(2));
            assertEquals(-1, l.recordIndexAt(3));
            assertEquals(2, l.recordIndexAt(4));
            assertEquals(2, l.recordIndexAt(6));
            assertEquals(3, l.recordIndexAt(7));
            assertEquals(-1, l.recordIndexAt(8));
            assertEquals(4, l.recordIndexAt(9));
            assertEquals(-1, l.recordIndexAt(10));
            assertEquals(-1, l.recordIndexAt(-1));
            assertEquals(-1, l.recordIndexAt(Long.MAX_VALUE));
        }

        @Test
        @DisplayName("stateAt: holes between, before and after the records")
        void stateAt() throws Exception {
            Layout l = handBuilt();
            assertEquals(WRITTEN, l.stateAt(0));
            assertEquals(WRITTEN, l.stateAt(1));
            assertEquals(HOLE, l.stateAt(2));
            assertEquals(UNWRITTEN, l.stateAt(5));
            assertEquals(DELALLOC, l.stateAt(7));
            assertEquals(HOLE, l.stateAt(8));
            assertEquals(WRITTEN, l.stateAt(9));
            assertEquals(HOLE, l.stateAt(10));
            assertEquals(HOLE, l.stateAt(1L << 50));
        }

        @Test
        @DisplayName("nextRecordStart: first record start strictly after the block, MAX_VALUE after the last")
        void nextRecordStart() throws Exception {
            Layout l = handBuilt();
            assertEquals(1, l.nextRecordStart(0));
            assertEquals(4, l.nextRecordStart(1));
            assertEquals(4, l.nextRecordStart(2));
            assertEquals(4, l.nextRecordStart(3));
            assertEquals(7, l.nextRecordStart(4));
            assertEquals(9, l.nextRecordStart(8));
            assertEquals(Long.MAX_VALUE, l.nextRecordStart(9));
            assertEquals(Long.MAX_VALUE, l.nextRecordStart(1000));
            assertEquals(0, l.nextRecordStart(-1));
        }

        @Test
        @DisplayName("anyIn: inclusive block range, holes included, ranges beyond the end are holes")
        void anyIn() throws Exception {
            Layout l = handBuilt();
            assertTrue(l.anyIn(0, 1, WRITTEN));
            assertFalse(l.anyIn(0, 1, HOLE));
            assertTrue(l.anyIn(1, 2, HOLE));
            assertFalse(l.anyIn(4, 6, HOLE));
            assertTrue(l.anyIn(6, 6, UNWRITTEN));
            assertFalse(l.anyIn(0, 6, DELALLOC));
            assertTrue(l.anyIn(0, 7, DELALLOC));
            assertFalse(l.anyIn(2, 8, WRITTEN));
            assertTrue(l.anyIn(2, 9, WRITTEN));
            assertTrue(l.anyIn(10, 1L << 40, HOLE));
            assertFalse(l.anyIn(10, 1L << 40, WRITTEN));
            assertFalse(l.anyIn(5, 4, UNWRITTEN), "empty range");
        }

        @Test
        @DisplayName("shiftedBy moves the records and adds leading holes")
        void shiftedBy() throws Exception {
            Layout l = Layout.parse("W|W U");
            Layout shifted = l.shiftedBy(3);
            assertEquals(6, shifted.blocks());
            assertEquals("3+1:WRITTEN 4+1:WRITTEN 5+1:UNWRITTEN", records(shifted));
            assertEquals("H H H W|W U", shifted.toString());
            assertEquals(l, l.shiftedBy(0));
            assertEquals("0+1:WRITTEN 1+1:WRITTEN 2+1:UNWRITTEN", records(l), "the original is unchanged");
        }

        @Test
        @DisplayName("flushDelalloc turns delalloc blocks in the range into written records of their own")
        void flushDelalloc() throws Exception {
            Layout l = Layout.parse("W D D D D U");
            Layout flushed = l.flushDelalloc(2, 3);
            assertEquals("0+1:WRITTEN 1+1:DELALLOC 2+2:WRITTEN 4+1:DELALLOC 5+1:UNWRITTEN", records(flushed));
            assertEquals(l.blocks(), flushed.blocks());
            assertEquals("W D W W D U", flushed.toString());

            Layout whole = Layout.parse("W D*4").flushDelalloc(0, 100);
            assertEquals("0+1:WRITTEN 1+4:WRITTEN", records(whole), "the flushed run stays separate from its written neighbour");
            assertEquals("W|W W W W", whole.toString());
        }

        @Test
        @DisplayName("flushDelalloc without delalloc in the range returns the same layout")
        void flushWithoutDelalloc() throws Exception {
            Layout l = Layout.parse("W D U");
            assertSame(l, l.flushDelalloc(0, 0));
            assertSame(l, l.flushDelalloc(2, 5));
        }
    }

    @Nested
    @DisplayName("big layouts")
    class Big {
        @Test
        @DisplayName("'W*1000000 U*3 H*7' is two records and answers queries without per-block work")
        void millionBlocksAreTwoRecords() throws Exception {
            Layout l = Layout.parse("W*1000000 U*3 H*7");
            assertEquals(2, l.recordCount());
            assertEquals("0+1000000:WRITTEN 1000000+3:UNWRITTEN", records(l));
            assertEquals(WRITTEN, l.stateAt(999_999));
            assertEquals(UNWRITTEN, l.stateAt(1_000_002));
            assertEquals(HOLE, l.stateAt(1_000_003));
            for (int k = 0; k < 100_000; k++) {
                assertTrue(l.anyIn(0, 1_000_002, UNWRITTEN));
                assertFalse(l.anyIn(0, 999_999, HOLE));
            }
            assertEquals("W*1000000 U U U", l.toString().substring(0, 15));
        }

        @Test
        @DisplayName("the longest layout (2^46 blocks) parses to one record")
        void longestLayout() throws Exception {
            Layout l = Layout.parse("W*" + Layout.MAX_BLOCKS);
            assertEquals(1, l.recordCount());
            assertEquals(Layout.MAX_BLOCKS, l.blocks());
            assertEquals(WRITTEN, l.stateAt(Layout.MAX_BLOCKS - 1));
        }

        @Test
        @DisplayName("a 200000-record builder layout answers lookups at its far end")
        void manyRecords() throws Exception {
            Layout.Builder b = Layout.builder();
            for (long k = 0; k < 200_000; k++) {
                b.separateRecord(k * 3, 2, k % 2 == 0 ? WRITTEN : UNWRITTEN);
            }
            Layout l = b.build();
            assertEquals(200_000, l.recordCount());
            assertEquals(599_999, l.blocks());
            assertEquals(UNWRITTEN, l.stateAt(599_997));
            assertEquals(HOLE, l.stateAt(599_996));
            assertEquals(199_999, l.recordIndexAt(599_998));
        }
    }

    @Nested
    @DisplayName("Builder.build() validation")
    class BuilderValidation {
        @Test
        @DisplayName("overlapping records")
        void overlap() {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> Layout.builder().record(0, 4, WRITTEN).record(2, 2, UNWRITTEN).build());
            assertEquals("layout", e.field());
            assertTrue(e.getMessage().contains("extent record 1 at block 2"), e.getMessage());
            assertTrue(e.getMessage().contains("overlaps"), e.getMessage());
        }

        @Test
        @DisplayName("records out of order")
        void outOfOrder() {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> Layout.builder().record(10, 1, WRITTEN).record(3, 1, WRITTEN).build());
            assertEquals("layout", e.field());
            assertTrue(e.getMessage().contains("extent record 1 at block 3"), e.getMessage());
        }

        @Test
        @DisplayName("a negative start or a negative length")
        void negativeStartOrLength() {
            InvalidInputException start = assertThrows(InvalidInputException.class,
                    () -> Layout.builder().record(-5, 2, WRITTEN).build());
            assertTrue(start.getMessage().contains("block -5"), start.getMessage());
            InvalidInputException length = assertThrows(InvalidInputException.class,
                    () -> Layout.builder().record(0, -1, WRITTEN).build());
            assertTrue(length.getMessage().contains("empty"), length.getMessage());
        }

        @Test
        @DisplayName("a declared length shorter than the records")
        void declaredTooShort() {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> Layout.builder().blocks(3).record(0, 4, WRITTEN).build());
            assertEquals("layout", e.field());
            assertTrue(e.getMessage().contains("declares 3 blocks"), e.getMessage());
            assertTrue(e.getMessage().contains("reach block 4"), e.getMessage());
        }

        @Test
        @DisplayName("a layout longer than MAX_BLOCKS (2^46)")
        void tooLong() throws Exception {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> Layout.builder().blocks((1L << 46) + 1).build());
            assertTrue(e.getMessage().contains("70368744177665"), e.getMessage());
            assertEquals(1L << 46, Layout.builder().blocks(1L << 46).build().blocks(), "exactly 2^46 is accepted");
        }

        @Test
        @DisplayName("zero-length and hole records are ignored; a declared length adds trailing holes")
        void ignoredRecordsAndDeclaredLength() throws Exception {
            Layout l = Layout.builder().blocks(10).record(2, 0, WRITTEN).record(3, 5, HOLE).record(4, 1, UNWRITTEN).build();
            assertEquals(10, l.blocks());
            assertEquals("4+1:UNWRITTEN", records(l));
            assertEquals("H H H H U H*5", l.toString());
        }

        @Test
        @DisplayName("a record whose end overflows a long is rejected")
        void recordEndOverflow() {
            assertThrows(InvalidInputException.class, () -> Layout.builder().record(1, Long.MAX_VALUE, WRITTEN).build());
            assertThrows(InvalidInputException.class,
                    () -> Layout.builder().record(0, 4, WRITTEN).record(Long.MAX_VALUE - 1, 5, UNWRITTEN).build());
        }

        @Test
        void negativeDeclaredLength() {
            assertThrows(InvalidInputException.class, () -> Layout.builder().blocks(-5).record(0, 2, WRITTEN).build());
        }
    }
}

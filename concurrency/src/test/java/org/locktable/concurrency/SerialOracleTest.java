package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;

class SerialOracleTest {
    private final Inode inode = inode();
    private final FileState start = FileState.initial(inode, 2);
    private final Operation a = Operation.aio(4096, 2048);
    private final Operation b = Operation.dio(5120, 2048);
    private final SerialOracle oracle = new SerialOracle(start, List.of(a, b));

    private static Inode inode() {
        try {
            return Inode.builder(Layout.parse("W W")).size(8192).build();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void overlappingDirectWritesMayInterleaveSectorBySector() {
        FileState f = start.written(Bio.data(0, 4096, 6144)).written(Bio.data(1, 5120, 7168))
                .written(Bio.data(0, 5632, 6144));
        assertEquals(List.of(), oracle.badRanges(f));
    }

    @Test
    void zerosOverBytesOnlyOneWriterOwnsOrTheOriginalAreBad() {
        FileState f = start.written(Bio.data(0, 4096, 6144)).written(Bio.data(1, 5120, 7168))
                .written(new Bio(6144, 8192, Sector.ZERO, "zero"));
        List<long[]> bad = oracle.badRanges(f);
        assertEquals(1, bad.size());
        assertArrayEquals(new long[] {6144, 8192}, bad.get(0));
    }

    @Test
    void untouchedBytesKeepTheOriginalAndAWrongSizeIsBad() {
        FileState f = start.written(Bio.data(0, 4096, 6144)).written(Bio.data(1, 5120, 7168)).withSize(7168);
        assertArrayEquals(new long[] {7168, 8192}, oracle.badRanges(f).get(0));
        assertEquals(1, oracle.badRanges(f).size());
    }

    /** A bad sector whose bytes came from a page copied while a direct write over it was in flight is a collision. */
    @Test
    void aBadSectorFromAStalePageCopyIsACollisionNotALockFailure() {
        boolean[] underA = new boolean[start.sectors()];
        java.util.Arrays.fill(underA, 8, 12, true);
        FileState f = start.pageRead(1, underA).copied(5120, 7168, Sector.of(1)).written(Bio.data(0, 4096, 6144));
        SerialOracle.Judgement j = oracle.judge(f);
        assertEquals(List.of(), j.bad(), "B's page copy of [4096,5120) is the original A had not yet overwritten");
        assertEquals(1, j.collision().size());
        assertArrayEquals(new long[] {4096, 5120}, j.collision().get(0));
        FileState unmarked = start.pageRead(1, new boolean[start.sectors()]).copied(5120, 7168, Sector.of(1))
                .written(Bio.data(0, 4096, 6144));
        assertArrayEquals(new long[] {4096, 5120}, oracle.judge(unmarked).bad().get(0), "the same bytes without a DIO in flight");
    }

    /** A truncate is a barrier: a write before it loses the bytes past the new size, a write after it keeps them. */
    @Test
    void aTruncateOrdersTheWritesAroundIt() {
        SerialOracle withTruncate = new SerialOracle(start, List.of(Operation.dio(4096, 4096), Operation.truncate(6144)));
        FileState writeThenTruncate = start.written(Bio.data(0, 4096, 8192)).withSize(6144).freed(2, 2)
                .written(new Bio(6144, 8192, Sector.ZERO, "zero"));
        assertEquals(List.of(), withTruncate.judge(writeThenTruncate).bad());
        FileState truncateThenWrite = start.withSize(6144).written(Bio.data(0, 4096, 8192)).withSize(8192);
        assertEquals(List.of(), withTruncate.judge(truncateThenWrite).bad());
        FileState mixed = start.written(Bio.data(0, 4096, 6144)).written(new Bio(6144, 8192, Sector.ZERO, "zero"));
        List<long[]> bad = withTruncate.judge(mixed).bad();
        assertEquals(1, bad.size(), "size 8192 only if the write came last, and then [6144,8192) is its");
        assertArrayEquals(new long[] {6144, 8192}, bad.get(0));
    }
}

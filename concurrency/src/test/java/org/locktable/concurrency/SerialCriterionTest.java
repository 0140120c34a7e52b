package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;

/**
 * The criterion a live replay applies to what it read back is the model's own: on the model's final files it finds
 * the model's bad ranges, a truncate's size and zeros are judged as serial orders leave them, and a read's bytes and
 * length against what some serial position gives it.
 */
class SerialCriterionTest {
    private static Inode inode(String layout, long size) throws Exception {
        return Inode.builder(Layout.parse(layout)).size(size).build();
    }

    private static String text(List<long[]> ranges) {
        StringBuilder b = new StringBuilder();
        ranges.forEach(r -> b.append('[').append(r[0]).append(',').append(r[1]).append(')'));
        return b.toString();
    }

    @Test
    void findsTheModelsBadRangesOnTheModelsFinalFile() throws Exception {
        List<Operation> ops = List.of(Operation.aio(5120, 1024), Operation.truncate(6144), Operation.dio(4096, 4096));
        Inode inode = inode("W W", 8192);
        Counterexample cx = Race.explore(PolicyCatalog.builtIn("xfs-dio"), inode, ops).counterexample().orElseThrow();
        assertEquals("ooooooooCCCC0000", cx.contents());
        assertEquals(cx.badRangesText(), text(new SerialCriterion(inode, ops).badFile(8192, cx.contents())));
    }

    @Test
    void aTruncatesSizeAndZerosAreWhatSerialOrdersLeave() throws Exception {
        List<Operation> ops = List.of(Operation.aio(5120, 1024), Operation.truncate(6144), Operation.dio(4096, 4096));
        SerialCriterion c = new SerialCriterion(inode("W W", 8192), ops);
        assertTrue(c.badFile(8192, "ooooooooCCCCCCCC").isEmpty(), "truncate, A, C");
        assertTrue(c.badFile(8192, "ooooooooCCAACCCC").isEmpty(), "truncate, C, A");
        assertTrue(c.badFile(6144, "ooooooooCCCC").isEmpty(), "C, then the truncate");
        assertEquals("[7168,8192)", text(c.badFile(7168, "ooooooooCCCCCC")), "a size no order gives: to the nearest one");
        assertEquals("[4096,4608)", text(c.badFile(8192, "oooooooooCCCCCCC")), "original bytes under C");
    }

    @Test
    void aReadIsJudgedByItsLengthAndItsBytes() throws Exception {
        List<Operation> ops = List.of(Operation.truncate(4096), new Operation(Operation.Kind.DIO_READ, 4096, 4096));
        SerialCriterion c = new SerialCriterion(inode("W W", 8192), ops);
        assertTrue(c.badRead(1, 4096, "oooooooo").isEmpty(), "the read before the truncate");
        assertTrue(c.badRead(1, 0, "").isEmpty(), "the read after it");
        assertEquals("[4096,6144)", text(c.badRead(1, 4096, "0000oooo")), "zeros over data no order zeroed there");
        assertEquals("[7168,8192)", text(c.badRead(1, 3072, "oooooo")), "a length no position gives: to the nearest one");
    }
}

package org.locktable.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Counterexample;
import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Race;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;

/** The holds a schedule needs, and the live criterion against the model's own judgement of its final files. */
class HoldPlanTest {
    private static final List<Operation> R4 = List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096));

    private static Inode inode(String layout, long size) throws Exception {
        return Inode.builder(Layout.parse(layout)).size(size).build();
    }

    private static Counterexample cx(String policy, String layout, long size, List<Operation> ops) throws Exception {
        Inode inode = Inode.builder(Layout.parse(layout)).size(size).build();
        return Race.explore(PolicyCatalog.builtIn(policy), inode, ops).counterexample().orElseThrow();
    }

    @Test
    void r4HoldsOnlyTheEofTailZeroBioUntilBsDataLanded() throws Exception {
        HoldPlan plan = HoldPlan.following(inode("W W", 6144), R4, cx("ext4-base", "W W", 6144, R4).steps());
        assertEquals(List.of('A', 'B'), plan.order());
        assertEquals(1, plan.holds().size());
        assertEquals("zero eof-tail [6144,8192) of A until a write of B over [4096,8192) landed", plan.holds().get(0).describe());
        assertTrue(plan.nomerges(), "A's data bio is not held: it must not merge with the zero bio");
        assertEquals(List.of("aio", "A", "5120", "1024", "dio", "B", "4096", "4096", "join", "reap"),
                plan.helperSteps(R4, "aio"));
    }

    @Test
    void bufferedVariantWaitsForBsWritebackPage() throws Exception {
        List<Operation> ops = List.of(Operation.aio(5120, 1024), Operation.buffered(6144, 1024, true));
        HoldPlan plan = HoldPlan.following(inode("W W", 6144), ops, cx("ext4-base", "W W", 6144, ops).steps());
        assertEquals("zero eof-tail [6144,8192) of A until a write of B over [4096,8192) landed", plan.holds().get(0).describe());
        assertEquals(List.of("uring", "A", "5120", "1024", "buf", "B", "6144", "1024", "fsync", "join", "reap"),
                plan.helperSteps(ops, "uring"));
    }

    @Test
    void aSynchronousWriterThatAnotherFollowsRunsInItsOwnThread() {
        List<Operation> ops = List.of(Operation.dio(5120, 1024), Operation.dio(4096, 4096));
        assertEquals(List.of("bg", "dio", "A", "5120", "1024", "sleep", "100", "dio", "B", "4096", "4096", "join", "reap"),
                HoldPlan.adversarial(ops, 4096).helperSteps(ops, "aio"),
                "inline, A's pwrite would block until its held writes timed out, and B could never overlap it");
    }

    @Test
    void adversarialHoldsEveryEarlierOperationsWritesInItsBlocks() {
        HoldPlan plan = HoldPlan.adversarial(R4, 4096);
        assertEquals(2, plan.holds().size());
        assertEquals("data [4096,8192) of A until a write of B over [4096,8192) landed", plan.holds().get(0).describe());
        assertEquals("zero [4096,8192) of A until a write of B over [4096,8192) landed", plan.holds().get(1).describe());
    }

    @Test
    void liveCriterionJudgesTheModelsFinalFilesAsTheModelDoes() throws Exception {
        record Case(String policy, String layout, long size, List<Operation> ops) {
        }
        for (Case c : List.of(new Case("ext4-base", "W W", 6144, R4),
                new Case("ext4-base", "W W", 6144, List.of(Operation.aio(5120, 1024), Operation.buffered(6144, 1024, true))),
                new Case("ext4-2019-overwrite", "W U W W", 16384, List.of(Operation.aio(4096, 4096), Operation.dio(4608, 512))),
                new Case("ext4-base", "W", 2048, List.of(Operation.aio(0, 2048), Operation.aio(0, 4096))))) {
            Counterexample cx = cx(c.policy(), c.layout(), c.size(), c.ops());
            Inode inode = Inode.builder(Layout.parse(c.layout())).size(c.size()).build();
            long size = cx.contents().length() * 512L;
            String expectedSize = Long.toString(Math.max(c.size(), c.ops().stream().mapToLong(Operation::end).max().orElse(0)));
            assertEquals(cx.badRangesText(), LiveCriterion.text(LiveCriterion.badRanges(inode, c.ops(),
                    Long.parseLong(expectedSize), cx.contents())), c + " contents " + cx.contents() + " size " + size);
        }
    }

    @Test
    void xfsTruncateRaceQueuesTheTruncateAndThenAOnTheLockBehindAGate() throws Exception {
        List<Operation> ops = List.of(Operation.aio(5120, 1024), Operation.truncate(6144), Operation.dio(4096, 4096));
        HoldPlan plan = HoldPlan.following(inode("W W", 8192), ops, cx("xfs-dio", "W W", 8192, ops).steps());
        assertEquals(new HoldPlan.Gate(List.of('B', 'A'), 0, 4096), plan.gate().orElseThrow(),
                "A samples i_size before B takes the lock, and locks after B");
        assertEquals("zero eof-tail [6144,8192) of A until a write of C over [4096,8192) landed", plan.holds().get(0).describe());
        assertEquals(HoldPlan.ONLY_ZEROS, plan.holds().get(0).pats(), "not the truncate's writeback of the EOF block");
        assertEquals(List.of("aio", "o", "0", "4096", "bg", "falloc-keep", "o", "0", "4096", "sleep", "100",
                "bg", "truncate", "B", "6144", "0", "sleep", "100", "bg", "aio", "A", "5120", "1024", "sleep", "100",
                "release", "join", "dio", "C", "4096", "4096", "join", "reap"), plan.helperSteps(ops, "uring"));
    }

    @Test
    void aGateNeedsAnUntouchedWrittenBlockInsideISize() throws Exception {
        List<Operation> ops = List.of(Operation.aio(5120, 1024), Operation.truncate(6144), Operation.dio(4096, 4096));
        List<String> steps = cx("xfs-dio", "W W", 8192, ops).steps();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> HoldPlan.following(inode("U W", 8192), ops, steps));
        assertTrue(e.getMessage().contains("no operation touches"), e.getMessage());
    }

    @Test
    void adversarialHoldsNothingForTruncatePunchFallocateOrReads() {
        List<Operation> ops = List.of(Operation.aio(4608, 1024), Operation.punch(4096, 2048),
                new Operation(Operation.Kind.DIO_READ, 4096, 4096));
        HoldPlan plan = HoldPlan.adversarial(ops, 4096);
        assertTrue(plan.holds().isEmpty(), plan.toString());
        assertEquals(List.of("aio", "A", "4608", "1024", "punch", "B", "4096", "2048", "dread", "C", "4096", "4096",
                "join", "reap"), plan.helperSteps(ops, "aio"));
    }
}

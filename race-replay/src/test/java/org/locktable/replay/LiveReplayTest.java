package org.locktable.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;
import org.locktable.rig.KernelTestEnvironment;

/**
 * The model and the kernel agree, live (root, FUSE, loop devices; skipped elsewhere, failed under
 * LOCKTABLE_KERNEL_TESTS=required): R4 corrupts ext4 along the model's counterexample, with libaio and io_uring,
 * and in its buffered variant; the same holds leave XFS intact; SAFE cases stay intact under the adversarial holds;
 * the XFS three-operation truncate race corrupts XFS through the gate; what a read returns is judged byte for byte.
 */
class LiveReplayTest {
    private static LiveRig rig;

    @BeforeAll
    static void up() throws IOException {
        rig = KernelTestEnvironment.setUp(() -> {
            Natives.check();
            return LiveRig.create();
        });
    }

    @AfterAll
    static void down() {
        if (rig != null) {
            rig.close();
        }
    }

    private static LiveResult replay(String policy, String layout, long size, String api, Operation... ops) throws Exception {
        Policy p = PolicyCatalog.builtIn(policy);
        Inode inode = Inode.builder(Layout.parse(layout)).size(size).build();
        Verdict v = Race.explore(p, inode, List.of(ops));
        LiveResult r = rig.replay(p, inode, List.of(ops), v, api);
        assertEquals(!v.safe(), r.corrupted(), policy + " " + List.of(ops) + ": model " + v.word() + ", live\n" + r.text());
        return r;
    }

    @Test
    void r4CorruptsExt4AlongTheCounterexampleWithLibaio() throws Exception {
        LiveResult r = replay("ext4-base", "W W", 6144, "aio", Operation.aio(5120, 1024), Operation.dio(4096, 4096));
        assertEquals("[6144,8192)", LiveCriterion.text(r.badRanges()), r.text());
        assertEquals(0, r.timeouts(), "every hold let go by the write it waited for\n" + r.text());
        assertTrue(r.nomerges(), "only A's zero bio is held");
    }

    @Test
    void r4CorruptsExt4WithIoUring() throws Exception {
        replay("ext4-base", "W W", 6144, "uring", Operation.aio(5120, 1024), Operation.dio(4096, 4096));
    }

    @Test
    void r4BufferedVariantCorruptsExt4() throws Exception {
        LiveResult r = replay("ext4-base", "W W", 6144, "aio", Operation.aio(5120, 1024), Operation.buffered(6144, 1024, true));
        assertFalse(r.badRanges().isEmpty(), r.text());
    }

    @Test
    void r4HoldsLeaveXfsIntact() throws Exception {
        List<Operation> ops = List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096));
        Inode inode = Inode.builder(Layout.parse("W W")).size(6144).build();
        Verdict ext4 = Race.explore(PolicyCatalog.builtIn("ext4-base"), inode, ops);
        Verdict xfs = Race.explore(PolicyCatalog.builtIn("xfs-dio"), inode, ops);
        assertTrue(xfs.safe());
        LiveResult r = rig.replay("xfs", inode, ops, HoldPlan.following(inode, ops, ext4.counterexample().orElseThrow().steps()), "aio");
        assertFalse(r.corrupted(), r.text());
        assertTrue(r.timeouts() > 0, "XFS's io_submit of A waits for its own held zero bio (FORCE_WAIT)\n" + r.text());
        replay("xfs-dio", "W W", 6144, "aio", ops.toArray(new Operation[0]));
    }

    @Test
    void safeCasesStayIntact() throws Exception {
        replay("ext4-base", "W W", 8192, "aio", Operation.aio(5120, 1024), Operation.dio(4096, 4096));
        replay("ext4-base", "W U W W", 16384, "aio", Operation.aio(4096, 512), Operation.aio(5120, 512));
    }

    @Test
    void xfsThreeOperationTruncateRaceCorruptsXfsThroughTheGate() throws Exception {
        LiveResult r = replay("xfs-dio", "W W", 8192, "aio", Operation.aio(5120, 1024), Operation.truncate(6144),
                Operation.dio(4096, 4096));
        assertEquals("[6144,8192)", LiveCriterion.text(r.badRanges()), r.text());
        assertEquals(0, r.timeouts(), "the gate and the zero bio's hold let go by what they waited for\n" + r.text());
        assertTrue(r.writeLog().stream().anyMatch(l -> l.endsWith("held gate release")), r.text());
    }

    @Test
    void aReadReturnsR4sZerosAndIsJudgedByteForByte() throws Exception {
        LiveResult r = replay("ext4-base", "W W", 6144, "aio", Operation.aio(5120, 1024), Operation.dio(4096, 4096),
                new Operation(Operation.Kind.DIO_READ, 4096, 4096));
        assertEquals(List.of("C: 4096 bytes BBBB0000 — bad bytes [6144,8192)"), r.reads(), r.text());
    }

    @Test
    void punchFallocateAndReadsStayIntactWhereTheModelSaysSafe() throws Exception {
        replay("ext4-base", "W W", 8192, "aio", Operation.aio(4608, 1024), Operation.punch(4096, 2048));
        replay("xfs-dio", "W H", 4096, "aio", Operation.aio(4096, 4096), Operation.fallocate(4096, 4096));
        LiveResult r = replay("xfs-dio", "W W", 8192, "aio", new Operation(Operation.Kind.BUFFERED_READ, 4096, 4096),
                new Operation(Operation.Kind.AIO_DIO_READ, 0, 8192), Operation.dio(4096, 4096));
        assertEquals(2, r.reads().size(), r.text());
    }
}

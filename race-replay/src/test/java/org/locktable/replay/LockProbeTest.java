package org.locktable.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Operation;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.rig.KernelTestEnvironment;

/**
 * Final lock, drain and FORCE_WAIT seen live (root; skipped elsewhere, failed under LOCKTABLE_KERNEL_TESTS=required):
 * an unaligned AIO overwrite that ends at an unaligned EOF (R4's A) is shared, undrained and queued on ext4; XFS takes it
 * exclusively, drains and waits (xfs_file_dio_write_unaligned: pos + count >= isize).
 */
class LockProbeTest {
    private static LiveRig rig;

    @BeforeAll
    static void up() throws IOException {
        rig = KernelTestEnvironment.setUp(LiveRig::create);
    }

    @AfterAll
    static void down() {
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    void anOverwriteEndingAtEofIsSharedOnExt4AndExclusiveOnXfs() throws Exception {
        Inode inode = Inode.builder(Layout.parse("W W W W")).size(14336).build();
        for (String id : List.of("ext4-base", "xfs-dio")) {
            LockProbe.Result r = LockProbe.probe(rig, PolicyCatalog.builtIn(id), inode, Operation.aio(13824, 512));
            assertEquals(3, r.grades().size(), r.toString());
            assertTrue(r.grades().stream().allMatch(g -> !g.graded() || g.agrees()), id + ": " + r.grades());
            boolean ext4 = id.equals("ext4-base");
            assertEquals(ext4 ? "no" : "yes", r.grades().get(0).live(), "forceWait " + r.grades());
            assertEquals(ext4 ? "no" : "yes", r.grades().get(1).live(), "drain " + r.grades());
            assertEquals(ext4 ? "S" : "X", r.grades().get(2).engine(), r.grades().toString());
        }
    }

    @Test
    void theCoveringSampleOnTheFirstRowsAgrees() throws Exception {
        List<LockProbeSample.Target> targets = LockProbeRun.targets(2);
        assertEquals(4, targets.size(), targets.toString());
        LockProbeRun.Report report = LockProbeRun.probe(rig, targets, new PrintWriter(Writer.nullWriter()));
        assertTrue(report.agree(), report.markdown());
        assertTrue(report.markdown().contains("| `xfs-dio` | forceWait | 2 | 0 | 0 |"), report.markdown());
    }
}

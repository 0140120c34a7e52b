package org.locktable.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Operation;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.PolicyCatalog;
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
    void theSectionCountsAgreements() {
        LockProbe.Result r = new LockProbe.Result("ext4-base", "W W W W", 16384, Operation.aio(4608, 512), List.of(
                new LockProbe.Grade("forceWait", "no", "no", ""), new LockProbe.Grade("drain", "no", "yes", ""),
                new LockProbe.Grade("finalLock", "S", "-", "no other written block inside i_size")));
        String md = LockProbeReport.markdown(List.of(r), 1, "Linux x");
        assertTrue(md.contains("| `ext4-base` | drain | 0 | 1 | 0 |"), md);
        assertTrue(md.contains("| `ext4-base` | `W W W W @16384: aio-dio 4608+512` | drain | no | yes |"), md);
    }
}

package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.policy.Policy;
import org.locktable.rig.Progress;

/**
 * The grading is not vacuous: a policy this kernel does not run (ext4 patch 1, XFS before v5.12) is caught on the
 * quick space, and each disagreement's witness is the first in the space's order and reproduces with xfs_io.
 */
class WrongPolicyIsCaughtTest {

    @Test
    void aPolicyTheKernelDoesNotRunDisagrees() throws Exception {
        try (Rig rig = KernelTestEnvironment.rig()) {
            List<CaseGroups.Group> groups = CaseGroups.of(Pass.quick().space(), 512);
            for (Object[] c : new Object[][] {{FsSpec.EXT4, "ext4-patch1"}, {FsSpec.XFS, "xfs-dio-v5.11"}}) {
                MountedFs fs = KernelTestEnvironment.fs(rig, (FsSpec) c[0]);
                Policy wrong = PolicyCatalog.get((String) c[1]);
                FsResult r;
                try (Ltprobe p = rig.helper(fs)) {
                    r = new ExhaustiveRun(fs, p, wrong, Progress.silent().counter("x", 0)).run(groups, "quick");
                }
                assertTrue(r.disagreed() > 0, wrong.id() + " agreed with the kernel everywhere");
                FsResult.DisagreementGroup g = r.disagreementGroups().get(0);
                long min = Long.MAX_VALUE;
                for (Disagreement d : r.disagreements()) {
                    if (d.conditions() == g.witness().conditions() && d.kernel().equals(g.witness().kernel())
                            && d.engine() == g.witness().engine()) {
                        min = Math.min(min, d.index());
                    }
                }
                assertEquals(min, g.witness().index(), "the witness is the class's first case");
                Disagreement d = g.witness();
                assertEquals(d.engine(), wrong.decide(d.inode(), d.request(), Detail.LOCK).result());
                Witness w = Repro.witness(fs, wrong, d);
                assertTrue(w.confirmation().startsWith("xfs_io answered " + d.kernel()), w.confirmation());
                assertTrue(w.repro().get(w.repro().size() - 2).startsWith(fs.kind() == FsKind.XFS
                        ? "xfs_io -d -c \"falloc -k" : "xfs_io -d -c \"pwrite -V 1 -N"), w.repro().toString());
                assertTrue(!w.trace().isEmpty());
                String text = ReportWriter.witnessText(r, g);
                assertTrue(text.contains("Minimal witness (case " + d.index() + ")"), text);
            }
        }
    }
}

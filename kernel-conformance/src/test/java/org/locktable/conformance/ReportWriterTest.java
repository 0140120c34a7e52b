package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/** The Markdown report from synthetic results; no kernel needed. */
class ReportWriterTest {

    private static ConformanceReport report(boolean withDisagreement) throws Exception {
        FsResult ext4 = new FsResult(FsSpec.EXT4, "ext4-base", "layouts of 1..1 blocks");
        Inode inode = Inode.builder(Layout.parse("W W")).size(8192).build();
        WriteRequest ok = WriteRequest.builder(0, 4096).nowait(true).build();
        WriteRequest app = WriteRequest.builder(8192, 4096).nowait(true).build();
        BuildPlan plan = BuildPlan.of(inode.layout(), 8192, true, 4096);
        ext4.probed(Classes.ofConditions(Classes.conditions(inode, ok)), KernelAnswer.OK, Result.OK, null);
        if (withDisagreement) {
            Disagreement d = new Disagreement(42, inode, app, KernelAnswer.OK, Result.EAGAIN, plan, -1,
                    Classes.conditions(inode, app));
            ext4.probed(Classes.ofConditions(d.conditions()), KernelAnswer.OK, Result.EAGAIN, d);
            ext4.disagreementGroups().get(0).details(new Witness("EAGAIN; lock path S", List.of("trace line"),
                    List.of("mkfs.ext4 ...", "xfs_io ..."), "xfs_io answered OK"));
        } else {
            ext4.probed(Classes.ofConditions(Classes.conditions(inode, app)), KernelAnswer.EAGAIN, Result.EAGAIN, null);
        }
        ext4.notRealisable(Classes.ofConditions(Classes.conditions(inode, ok)),
                new Realisation(false, "W W i_size=8192", "FIEMAP shows `W W`, not `W|W`"), "layout=\"W|W\" i_size=8192");
        ext4.probes = 2;
        ext4.nanos = 123_456_789;
        FsResult xfs = new FsResult(FsSpec.XFS, "xfs-dio", "layouts of 1..1 blocks");
        xfs.probed(Classes.ofConditions(Classes.conditions(inode, ok)), KernelAnswer.OK, Result.OK, null);
        PassResult pass = new PassResult(Pass.quick(), List.of(ext4, xfs), null);
        List<ScenarioLine> lines = List.of(
                new ScenarioLine("org.example.A", "ext4", "ext4-base", ScenarioLine.Verdict.AGREE, "kernel OK, engine OK", null),
                new ScenarioLine("org.example.B", "-", "-", ScenarioLine.Verdict.NOT_APPLICABLE, "a buffered write", null));
        return new ConformanceReport("6.18.44-test", "amd64", true, List.of(pass), lines, "2 scenario classes found.");
    }

    @Test
    void reportsCountsClassesScenariosAndTheLimitsOfTheProbe() throws Exception {
        String md = ReportWriter.markdown(report(false));
        assertTrue(md.startsWith("# Kernel conformance: the engine against Linux 6.18.44-test\n"), md);
        assertTrue(md.contains("| 4k-quick | ext4 | `ext4-base` | 3 | 2 | 2 | 0 | 1 |"), md);
        assertTrue(md.contains("| 4k-quick | xfs | `xfs-dio` | 1 | 1 | 1 | 0 | 0 |"), md);
        assertTrue(md.contains("None: on every realised case"), md);
        assertTrue(md.contains("| `W W i_size=8192` | FIEMAP shows `W W`, not `W\\|W` | 1 | `layout=\"W\\|W\" i_size=8192` |"), md); // every cell escaped: an asked W|W no longer splits the row
        assertTrue(md.contains("| aligned | inside | yes | 1 | 1 | 0 | 0 | 1 | 0 | 0 |"), md);
        assertTrue(md.contains("| `org.example.B` | - | - | not applicable | a buffered write |"), md);
        assertTrue(md.contains("Model-only"), md);
        assertTrue(md.contains("mkfs.ext4 -q -F -b 4096 IMG"), md);
    }

    @Test
    void isDeterministicAndHasNoTimings() throws Exception {
        String a = ReportWriter.markdown(report(true));
        String b = ReportWriter.markdown(report(true));
        assertEquals(a, b);
        assertFalse(a.contains("probes/s"), a);
        assertFalse(a.contains("0.1"), a);
        assertTrue(ReportWriter.timings(report(true).passes().get(0).results().get(0)).contains("probes/s"));
    }

    @Test
    void aDisagreementShowsItsMinimalWitnessTraceAndReproduction() throws Exception {
        ConformanceReport r = report(true);
        assertEquals(1, r.disagreements());
        String md = ReportWriter.markdown(r);
        assertTrue(md.contains("### ext4: kernel OK, engine EAGAIN (1 case in this class)"), md);
        assertTrue(md.contains("- Minimal witness (case 42): `layout=\"W W\""), md);
        assertTrue(md.contains("- Replayed by hand: xfs_io answered OK"), md);
        assertTrue(md.contains("```sh\nmkfs.ext4 ...\nxfs_io ...\n```"), md);
        assertTrue(md.contains("```\ntrace line\n```"), md);
        assertEquals(1, r.disagreementTexts().size());
    }
}

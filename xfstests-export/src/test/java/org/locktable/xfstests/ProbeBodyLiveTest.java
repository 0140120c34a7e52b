package org.locktable.xfstests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.rig.KernelTestEnvironment;
import org.locktable.rig.LoopFs;
import org.locktable.rig.LoopFsSpec;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * The exported tests' own build, fiemap check and probe — {@code common.locktable} and the script's body, exactly as
 * exported — run with real xfs_io on real ext4 and XFS (loop devices, root), for three of the spec's worked examples:
 * each prints its golden line for the policy the catalog assigns to the running kernel. This is not a run under
 * xfstests' {@code check} (that is {@link XfstestsCheckLiveTest}, which needs an xfstests tree): {@code _notrun} and
 * {@code $seqres} are the only fstests names defined here, and a case the allocator did not realise fails.
 */
class ProbeBodyLiveTest {
    private static final List<String> CASES = List.of("E15NowaitAlignedOverwrite", "E16NowaitAcrossWrittenUnwritten",
            "E18NowaitSubBlockInWritten");

    @Test
    void theExportedBodyPrintsTheRunningKernelsGoldenOnExt4AndXfs() throws IOException {
        LiveRig.require();
        KernelVersion kernel = KernelTestEnvironment.setUp(() -> {
            try {
                return KernelVersion.parse(System.getProperty("os.version", ""));
            } catch (org.locktable.engine.model.InvalidInputException e) {
                throw new org.locktable.rig.EnvironmentException("uname -r: " + e.getMessage());
            }
        });
        ExportSet set = Exports.library();
        try (Sandbox box = new Sandbox()) {
            Path dir = KernelTestEnvironment.setUp(() -> box.tmpfs("locktable-xfstests-body-", "1g"));
            Path common = dir.resolve("common.locktable");
            Files.writeString(common, XfstestsExport.common(), StandardCharsets.UTF_8);
            int checked = 0;
            for (String fs : List.of("ext4", "xfs")) {
                Optional<Policy> policy = PolicyCatalog.forKernel(FileSystem.find(fs).orElseThrow(), kernel, WritePath.DIRECT);
                if (policy.isEmpty()) {
                    continue;
                }
                LoopFs mounted = KernelTestEnvironment.setUp(() -> box.loopFs(
                        new LoopFsSpec(fs, 320L << 20, 4096, 512, false), dir.resolve(fs + ".img"),
                        dir.resolve(fs), fs));
                for (String source : CASES) {
                    int i = Exports.indexOf(set, source);
                    ExportCase c = set.cases().get(i);
                    if (!c.fileSystems().contains(fs)) {
                        continue;
                    }
                    String out = runBody(box, dir, common, fs, mounted.mountPoint(), c);
                    assertEquals(c.outputLine(c.expected().get(policy.get().id())), out,
                            source + " on " + fs + " (" + policy.get().id() + ")");
                    checked++;
                }
            }
            assertTrue(checked >= 4, "checked " + checked + " case/file-system pairs on " + kernel);
        }
    }

    private static String runBody(Sandbox box, Path dir, Path common, String fs, Path mnt, ExportCase c)
            throws IOException {
        List<String> s = new ArrayList<>();
        s.add("FSTYP=" + fs + " XFS_IO_PROG=xfs_io AWK_PROG=awk seqres=" + dir.resolve("body"));
        s.add("_notrun() { echo \"notrun: $*\"; exit 0; }");
        s.add(". " + common);
        s.addAll(TestScript.body(c, mnt.resolve("lt").toString()));
        Path script = dir.resolve("body.sh");
        Files.writeString(script, String.join("\n", s) + "\n", StandardCharsets.UTF_8);
        Shell.Result r = box.run(List.of("bash", script.toString()), 120);
        assertTrue(r.ok(), "the body failed: " + r.describe());
        return r.out().strip();
    }
}

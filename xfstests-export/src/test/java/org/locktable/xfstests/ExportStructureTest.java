package org.locktable.xfstests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.engine.policy.Policy;

/** The exported directory's shape: fstests' conventions, numbering, goldens, and scripts that parse. */
class ExportStructureTest {
    @Test
    void testsAreNumberedFrom001WithoutGaps() {
        ExportSet set = Exports.library();
        Map<String, String> files = XfstestsExport.files(set);
        assertTrue(set.cases().size() > 20, "the library and the samples give more than 20 tests: " + set.cases().size());
        for (int i = 0; i < set.cases().size(); i++) {
            String n = String.format("%03d", i + 1);
            assertTrue(files.containsKey(n), "test " + n);
            assertTrue(files.containsKey(n + ".cfg"), n + ".cfg");
        }
        assertFalse(files.containsKey(String.format("%03d", set.cases().size() + 1)));
    }

    @Test
    void everyTestHasAGoldenPerPolicyOfItsFileSystemsAndACfgLineForEach() {
        ExportSet set = Exports.library();
        Map<String, String> files = XfstestsExport.files(set);
        for (int i = 0; i < set.cases().size(); i++) {
            String n = ExportSet.number(i);
            ExportCase c = set.cases().get(i);
            List<String> want = new ArrayList<>();
            for (String fs : c.sortedFileSystems()) {
                for (Policy p : LivePolicies.direct(fs)) {
                    want.add(p.id());
                }
            }
            assertEquals(want.stream().sorted().toList(), List.copyOf(c.expected().keySet()), n);
            StringBuilder cfg = new StringBuilder();
            for (String id : want.stream().sorted().toList()) {
                cfg.append(id).append(": ").append(id).append('\n');
                String golden = files.get(n + ".out." + id);
                assertTrue(golden != null, n + ".out." + id);
                assertTrue(golden.startsWith("QA output created by " + n + "\nnowait pwrite "), golden);
                assertEquals(2, golden.lines().count(), golden);
            }
            assertEquals(cfg.toString(), files.get(n + ".cfg"));
        }
    }

    @Test
    void scriptsFollowFstestsConventions() {
        ExportSet set = Exports.library();
        Map<String, String> files = XfstestsExport.files(set);
        String group = files.get("group.list");
        for (int i = 0; i < set.cases().size(); i++) {
            String n = ExportSet.number(i);
            String s = files.get(n);
            assertTrue(s.startsWith("#! /bin/bash\n# SPDX-License-Identifier: GPL-2.0\n"), n);
            assertTrue(s.contains("\nseqfull=$0\n. ./common/preamble\n_begin_fstest auto quick rw prealloc\n"), n);
            assertTrue(s.contains("\n. $(dirname $seqfull)/common.locktable\n"), n);
            assertTrue(s.contains("\n_lt_require "), n);
            assertTrue(s.endsWith("\nstatus=0\nexit\n"), n);
            assertFalse(s.contains("xfs_io "), n + " calls xfs_io by name instead of $XFS_IO_PROG");
            assertTrue(group.contains("\n" + n + " auto quick rw prealloc\n"), "group.list lists " + n);
        }
        assertTrue(files.get("Makefile").contains("$(INSTALL) -m 644 common.locktable $(TARGET_DIR)"));
    }

    @Test
    void theCommonFileChoosesPoliciesFromTheCatalogsRanges() {
        String common = XfstestsExport.common();
        assertFalse(common.contains("@LT_POLICY@"));
        // ext4-base is live from v6.5 and XFS's shared unaligned path from v5.12 (ed1128c2d0c8)
        assertTrue(common.contains("if [ \"$FSTYP\" = ext4 ] && [ $v -ge 6005 ]; then echo ext4-base; return; fi"), common);
        assertTrue(common.contains("if [ \"$FSTYP\" = xfs ] && [ $v -ge 5012 ]; then echo xfs-dio; return; fi"), common);
        assertTrue(common.indexOf("echo xfs-dio;") < common.indexOf("echo xfs-dio-v5.11;"), "latest start first");
    }

    @Test
    void everyScriptAndTheCommonFileParseWithBashN(@TempDir Path dir) throws IOException, InterruptedException {
        Path target = XfstestsExport.write(dir, Exports.library());
        List<String> names = new ArrayList<>(List.of("common.locktable"));
        for (int i = 0; i < Exports.library().cases().size(); i++) {
            names.add(ExportSet.number(i));
        }
        for (String n : names) {
            Process p = new ProcessBuilder("bash", "-n", target.resolve(n).toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "bash -n " + n);
            assertEquals(0, p.exitValue(), "bash -n " + n + ": " + out);
        }
        assertTrue(Files.isExecutable(target.resolve("001")));
    }

    @Test
    void aSecondExportReplacesTheFirstAndIsByteIdentical(@TempDir Path dir) throws IOException {
        Path target = dir.resolve(XfstestsExport.SUBDIR);
        Files.createDirectories(target);
        Files.writeString(target.resolve("998"), "stale");
        Files.writeString(target.resolve("998.out.ext4-base"), "stale");
        Files.writeString(target.resolve("notes"), "the user's");
        XfstestsExport.write(dir, Exports.library());
        assertFalse(Files.exists(target.resolve("998")));
        assertFalse(Files.exists(target.resolve("998.out.ext4-base")));
        assertTrue(Files.exists(target.resolve("notes")), "files not of the export are left alone");
        Map<String, String> first = XfstestsExport.files(Exports.library());
        for (Map.Entry<String, String> e : first.entrySet()) {
            assertEquals(e.getValue(), Files.readString(target.resolve(e.getKey())), e.getKey());
        }
    }

    @Test
    void racesSweepsAndBufferedWritesAreListedAsLeftOutWithTheReason() {
        ExportSet set = Exports.library();
        String readme = XfstestsExport.readme(set);
        assertTrue(readme.contains("R4EofTailZeroAfterExtendingWrite: a race (@Concurrent): it needs a device that "
                + "holds back chosen writes"), readme);
        assertTrue(readme.contains("Seed000Patch1ClaimSweep: no @ExtentLayout with one @Write"), readme);
        assertTrue(readme.contains("E23BufferOnly512Aligned: buffer alignment 512"), readme);
        assertTrue(readme.contains("table row") && readme.contains("writes without RWF_NOWAIT only"), readme);
    }
}

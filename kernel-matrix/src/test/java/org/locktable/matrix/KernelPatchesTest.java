package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.rig.Shell;

/** Patches applied with {@code patch -p1}: a failure is one line naming the patch, the file and the hunk. */
class KernelPatchesTest {
    private static final String FILE = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";

    private static final String GOOD = "--- a/d/f.c\n+++ b/d/f.c\n@@ -1,5 +1,5 @@\n one\n two\n-three\n+THREE\n four\n five\n";
    /** Hunk 1 applies, hunk 2's context is not in the file (fuzz would let it through: no fuzz). */
    private static final String BAD = GOOD + "@@ -6,5 +6,5 @@\n six\n seven\n-eight\n+EIGHT\n nein\n ten\n";

    /** The output of patch 2.7.6 for seed 000's posted patch 1 on 6.12's fs/ext4/file.c (--dry-run). */
    @Test
    void failedHunkFromRealOutput() {
        String out = "checking file fs/ext4/file.c\nHunk #1 FAILED at 428.\nHunk #2 FAILED at 448.\nHunk #3 FAILED at 460.\n"
                + "Hunk #4 succeeded at 476 (offset -14 lines).\n3 out of 4 hunks FAILED\n";
        assertEquals("patch 0001.patch does not apply: fs/ext4/file.c hunk #1 FAILED at 428",
                KernelPatches.failure("0001.patch", out));
        assertEquals("patch x.patch does not apply: can't find file to patch at input line 3",
                KernelPatches.failure("x.patch", "can't find file to patch at input line 3\nPerhaps you used the wrong -p"));
        assertEquals("patch x.patch does not apply: Only garbage was found in the patch input.",
                KernelPatches.failure("x.patch", "patch: **** Only garbage was found in the patch input.\n"));
    }

    @Test
    void touchedFiles() {
        assertEquals(List.of("d/f.c"), KernelPatches.touched(BAD));
        assertEquals(List.of("fs/ext4/file.c"), KernelPatches.touched("+++ b/fs/ext4/file.c\t2026-01-01\n"));
    }

    @Test
    void aPatchThatDoesNotApplyLeavesTheTreeAsItWas(@TempDir Path dir) throws Exception {
        assumeTrue(Shell.which("patch") != null, "no patch (apt-get install patch)");
        Path tree = Files.createDirectories(dir.resolve("tree/d"));
        Files.writeString(tree.resolve("f.c"), FILE);
        Path good = Files.writeString(dir.resolve("good.patch"), GOOD);
        Path bad = Files.writeString(dir.resolve("bad.patch"), BAD);
        assertNull(KernelPatches.check(dir.resolve("tree"), List.of(good)));
        assertEquals("patch good.patch does not apply: d/f.c: Reversed (or previously applied) patch detected!  Skipping patch.",
                KernelPatches.check(dir.resolve("tree"), List.of(good, good)));
        KernelPatches.PatchFailedException e = assertThrows(KernelPatches.PatchFailedException.class,
                () -> KernelPatches.apply(dir.resolve("tree"), List.of(bad)));
        assertEquals("patch bad.patch does not apply: d/f.c hunk #2 FAILED at 6", e.getMessage());
        assertEquals(FILE, Files.readString(tree.resolve("f.c")), "the dry run keeps the tree as it was");
        KernelPatches.apply(dir.resolve("tree"), List.of(good));
        assertEquals(FILE.replace("three", "THREE"), Files.readString(tree.resolve("f.c")));
    }
}

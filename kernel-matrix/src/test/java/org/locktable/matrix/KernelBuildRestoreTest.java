package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.rig.Shell;

/** A build interrupted with its patches applied leaves their copies; the next build reverses them, last first. */
class KernelBuildRestoreTest {
    @Test
    void appliedPatchesAreReversedLastFirst(@TempDir Path tree) throws Exception {
        assumeTrue(Shell.which("patch") != null, "no patch (apt-get install patch)");
        Files.createDirectories(tree.resolve("d"));
        Files.writeString(tree.resolve("d/f.c"), "a\nb\nc\nd\ne\n");
        Path applied = Files.createDirectories(tree.resolve(KernelBuild.APPLIED));
        // 000 turns c into C, then 001 (which needs 000's C as context) turns C into CC
        Files.writeString(applied.resolve("000.patch"), "--- a/d/f.c\n+++ b/d/f.c\n@@ -1,5 +1,5 @@\n a\n b\n-c\n+C\n d\n e\n");
        Files.writeString(applied.resolve("001.patch"), "--- a/d/f.c\n+++ b/d/f.c\n@@ -1,5 +1,5 @@\n a\n b\n-C\n+CC\n d\n e\n");
        Files.writeString(tree.resolve("d/f.c"), "a\nb\nCC\nd\ne\n");
        KernelBuild.restore(tree);
        assertEquals("a\nb\nc\nd\ne\n", Files.readString(tree.resolve("d/f.c")));
        assertFalse(Files.exists(applied));
        KernelBuild.restore(tree); // nothing applied: nothing to do
    }
}

package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.rig.Shell;

/**
 * The patches in {@code kernel-matrix/patches/linux-6.12} apply, in their order, to Debian's 6.12 source as
 * {@code locktable kernel build} caches it ({@code --dry-run} on a copy of the touched files: under a second), and
 * the config fragment survives {@code make allnoconfig} there (out of the tree: seconds, for kconfig's own build).
 * Skipped with the reason when the source is not in the kernel cache: fetching it (150 MB) is not for the normal
 * test run.
 */
class PortedPatchesTest {
    static final Path DIR = Path.of("patches/linux-6.12");
    static final Path P1 = DIR.resolve("0001-ext4-skip-overwrite-check-for-aligned-non-extending-DIO-writes.patch");
    static final Path P2 = DIR.resolve("0002-ext4-base-unaligned-DIO-lock-decision-on-partial-block-zeroing.patch");
    static final Path FIX = DIR.resolve("ext4-eof-fix.patch");

    @Test
    void theCommittedPatchesAreThere() throws Exception {
        for (Path p : List.of(P1, P2, FIX)) {
            assertEquals(List.of("fs/ext4/file.c"), KernelPatches.touched(Files.readString(p)), p.toString());
        }
    }

    @Test
    void theyApplyToTheCachedSource() throws Exception {
        assumeTrue(Shell.which("patch") != null, "no patch (apt-get install patch)");
        Optional<Path> src = SourceTree.cached("6.12", KernelCache.of(null));
        assumeTrue(src.isPresent(), "Debian's linux-source-6.12 is not in the kernel cache (run locktable kernel build "
                + "--source debian:6.12 once)");
        assertNull(KernelPatches.check(src.get(), List.of(P1)));
        assertNull(KernelPatches.check(src.get(), List.of(P1, P2)));
        assertNull(KernelPatches.check(src.get(), List.of(FIX)));
    }

    /** {@code make allnoconfig} with the fragment, out of the tree ({@code O=}): every forced option survives. */
    @Test
    void theFragmentSurvivesAllnoconfigOnTheCachedSource(@TempDir Path out) throws Exception {
        Optional<Path> src = SourceTree.cached("6.12", KernelCache.of(null));
        assumeTrue(src.isPresent(), "Debian's linux-source-6.12 is not in the kernel cache (run locktable kernel build "
                + "--source debian:6.12 once)");
        assumeTrue(BuildToolchain.missing().isEmpty(), () -> BuildToolchain.missing().get());
        MinimalConfig config = MinimalConfig.standard();
        Path fragment = config.write(out.resolve("fragment.config"));
        Shell.Result r = Shell.run(List.of("env", "KCONFIG_ALLCONFIG=" + fragment, "make", "-C", src.get().toString(),
                "O=" + out.resolve("o"), "-s", "allnoconfig"), 600);
        Files.deleteIfExists(out.resolve("o/source")); // make's link to the cached tree: not for @TempDir to follow
        assertTrue(r.ok(), r.describe());
        assertEquals(List.of(), config.missing(Files.readString(out.resolve("o/.config"))));
    }
}

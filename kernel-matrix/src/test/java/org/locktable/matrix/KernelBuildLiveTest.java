package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.conformance.Conformance;
import org.locktable.conformance.FsResult;
import org.locktable.conformance.PassResult;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.rig.KernelTestEnvironment;

/**
 * Debian's 6.12 built from source with seed 000's ported patch 1, booted under QEMU and graded on layouts of one
 * block against {@code ext4-patch1}: every case agrees, and the observed ext4 table matches {@code ext4-patch1}.
 * Slow (the first build takes 5-30 minutes on two cores, then the patched one a few), so it runs only with
 * {@code -Dlocktable.kernelBuild=true}; then a missing tool, QEMU or source skips it with the reason (fails under
 * {@code LOCKTABLE_KERNEL_TESTS=required}).
 */
class KernelBuildLiveTest {
    @Test
    void patch1BuiltFromSourceAgreesWithExt4Patch1() throws Exception {
        assumeTrue(Boolean.getBoolean("locktable.kernelBuild"), "kernel builds are slow: run with -Dlocktable.kernelBuild=true");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream console = new PrintStream(log, true, StandardCharsets.UTF_8);
        KernelCache cache = KernelCache.of(null);
        KernelBuild.Built built = KernelTestEnvironment.setUp(() -> new KernelBuild(cache, console)
                .build("6.12", List.of(PortedPatchesTest.P1)));
        KernelSpec spec = KernelSpec.parse(built.image().toString());
        Conformance.Options options = new Conformance.Options(List.of(GuestConformanceTest.oneBlock()), false, List.of(),
                true).withPolicies(List.of(PolicyCatalog.get("ext4-patch1")));
        KernelRun run = KernelTestEnvironment.setUp(() -> KernelRun.run(spec, cache, options, console));
        System.out.print(log.toString(StandardCharsets.UTF_8));
        assertTrue(run.release().endsWith(KernelBuild.localVersion(built.key())), run.release());
        PassResult p = run.report().passes().get(0);
        for (FsResult f : p.results()) {
            assertEquals(f.cases(), f.realised(), f.spec().label() + " realised");
            assertEquals(0, f.disagreed(), f.spec().label() + " disagreed");
        }
        for (KernelRun.Observed o : run.observed()) {
            if (o.fs().startsWith("ext4")) {
                assertTrue(o.table().match().contains("ext4-patch1"), o.table().match().toString());
            }
        }
    }
}

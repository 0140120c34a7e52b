package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.conformance.Conformance;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.replay.HoldPlan;
import org.locktable.replay.LiveCriterion;
import org.locktable.replay.LiveResult;
import org.locktable.rig.KernelTestEnvironment;

/**
 * R4 replayed inside a Debian kernel under QEMU, below the reordering FUSE device made in the guest: on ext4 along
 * ext4-base's counterexample, on XFS and on R4's control (i_size 8192) with the same holds; each graded under the catalog's policy
 * for the guest's version (on the default {@code debian:6.12}: CORRUPTED, INTACT, INTACT). Needs
 * qemu-system-x86_64, the kernel (fetched with apt on first use, then cached), a C compiler and the libfuse3, libaio
 * and liburing headers: skipped with the reason elsewhere, failed under {@code LOCKTABLE_KERNEL_TESTS=required}.
 * {@code LOCKTABLE_QEMU_RACE_KERNEL} picks another kernel spec.
 */
class GuestRaceReplayTest {
    private static final List<Operation> R4 = List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096));
    private static GuestRaceRig rig;

    @BeforeAll
    static void up() throws IOException {
        String k = System.getenv("LOCKTABLE_QEMU_RACE_KERNEL");
        KernelSpec spec = KernelSpec.parse(k != null && !k.isBlank() ? k : "debian:6.12");
        PrintStream console = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        rig = KernelTestEnvironment.setUp(() -> GuestRaceRig.open(spec, KernelCache.of(null), console));
    }

    @AfterAll
    static void down() {
        if (rig != null) {
            rig.close();
        }
    }

    private static Policy policyOf(String fileSystem) throws IOException {
        return PolicyCatalog.forKernel(FileSystem.find(fileSystem).orElseThrow(), Conformance.versionOf(rig.kernelRelease()), WritePath.DIRECT)
                .orElseThrow();
    }

    /** Replays {@code size}'s R4 on {@code fileSystem} with ext4-base's holds; the live answer must be the model's. */
    private static LiveResult r4(String fileSystem, long size) throws Exception {
        Inode inode = Inode.builder(Layout.parse("W W")).size(size).build();
        Verdict base = Race.explore(PolicyCatalog.builtIn("ext4-base"), Inode.builder(Layout.parse("W W")).size(6144)
                .build(), R4);
        Verdict graded = Race.explore(policyOf(fileSystem), inode, R4);
        LiveResult r = rig.replay(fileSystem, inode, R4, HoldPlan.following(inode, R4, base.counterexample().orElseThrow().steps()),
                "aio");
        assertEquals(!graded.safe(), r.corrupted(), rig.kernelRelease() + " " + fileSystem + " under "
                + graded.policy() + ": model " + graded.word() + ", live\n" + r.text());
        return r;
    }

    @Test
    void r4OnExt4IsWhatTheKernelsPolicySays() throws Exception {
        LiveResult r = r4("ext4", 6144);
        if (r.corrupted()) {
            assertEquals("[6144,8192)", LiveCriterion.text(r.badRanges()), r.text());
        }
    }

    @Test
    void r4sHoldsLeaveXfsIntact() throws Exception {
        assertFalse(r4("xfs", 6144).corrupted());
    }

    /** i_size 8192: A's write ends inside the file, nothing is zeroed, the held bio never comes. */
    @Test
    void r4sControlStaysIntact() throws Exception {
        assertFalse(r4("ext4", 8192).corrupted());
    }
}

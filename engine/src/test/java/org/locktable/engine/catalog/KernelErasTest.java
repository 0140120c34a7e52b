package org.locktable.engine.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;

/** Every release from v2.6.36 to today has exactly one direct-write policy per file system; none before it. */
class KernelErasTest {
    /** v2.6.36 .. v2.6.39, v3.0 .. v3.19, v4.0 .. v4.20, v5.0 .. v5.19, v6.0 .. v6.20. */
    private static List<KernelVersion> releases() {
        List<KernelVersion> out = KernelVersion.mainline(new KernelVersion(2, 6, 36), new KernelVersion(6, 20));
        assertEquals(4 + 20 + 21 + 20 + 21, out.size());
        return out;
    }

    @Test
    void everyReleaseSinceV2636HasOneDirectWritePolicyPerFileSystem() {
        List<Policy> every = new ArrayList<>(PolicyCatalog.all());
        every.addAll(PolicyCatalog.history());
        for (KernelVersion v : releases()) {
            for (FileSystem fs : FileSystem.values()) {
                long matching = every.stream().filter(p -> p.info().path() == PolicyInfo.WritePath.DIRECT
                        && p.info().live() != null && p.info().live().contains(fs, v)).count();
                assertEquals(1, matching, fs + " " + v + ": " + matching + " direct-write policies");
            }
        }
    }

    @Test
    void nothingBeforeV2636() throws InvalidInputException {
        for (FileSystem fs : FileSystem.values()) {
            assertEquals(Optional.empty(), PolicyCatalog.forKernel(fs, KernelVersion.parse("2.6.35"),
                    PolicyInfo.WritePath.DIRECT));
        }
    }

    @Test
    void the26SeriesCountsItsThirdNumber() throws InvalidInputException {
        assertEquals("v2.6.38", KernelVersion.parse("2.6.38-rc4").toString());
        assertTrue(KernelVersion.parse("2.6.38").compareTo(KernelVersion.parse("2.6.37")) > 0);
        assertEquals(KernelVersion.parse("6.12"), KernelVersion.parse("6.12.117-amd64"));
        assertEquals("xfs-dio-v2.6.38", PolicyCatalog.forKernel(FileSystem.XFS, KernelVersion.parse("3.0.101"),
                PolicyInfo.WritePath.DIRECT).orElseThrow().id());
    }

    /** Every era policy is refused by nothing the contract checks: it can say what a built-in says. */
    @Test
    void everyEraPolicyPassesThePolicyContract() {
        for (Policy p : PolicyCatalog.history()) {
            PolicyContract.Report r = PolicyContract.check(p);
            assertTrue(r.passed(), () -> p.id() + ": " + r);
        }
    }
}

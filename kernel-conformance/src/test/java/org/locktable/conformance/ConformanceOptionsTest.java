package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.KernelVersion;

/** {@code --policy}: a policy graded instead of the catalog's for the version, per file system. */
class ConformanceOptionsTest {
    @Test
    void anOverrideReplacesTheVersionsPolicyOnItsFileSystemOnly() throws Exception {
        KernelVersion v612 = KernelVersion.parse("6.12.117-lt-fdf2f85a");
        Conformance.Options plain = new Conformance.Options(List.of(Pass.quick()), false, List.of(), true);
        assertEquals("ext4-base", plain.policyFor("ext4", v612).orElseThrow().id());
        Conformance.Options o = plain.withPolicies(List.of(PolicyCatalog.get("ext4-patch1")));
        assertEquals("ext4-patch1", o.policyFor("ext4", v612).orElseThrow().id());
        assertEquals("xfs-dio", o.policyFor("xfs", v612).orElseThrow().id());
        assertEquals(plain.passes(), o.passes());
    }

    @Test
    void atMostOneDirectWritePolicyPerFileSystem() throws Exception {
        Conformance.Options plain = new Conformance.Options(List.of(Pass.quick()), false, List.of(), true);
        assertEquals("two ext4 policies: give at most one per file system", assertThrows(IllegalArgumentException.class,
                () -> plain.withPolicies(List.of(PolicyCatalog.get("ext4-patch1"), PolicyCatalog.get("ext4-base"))))
                .getMessage());
        assertThrows(IllegalArgumentException.class, () -> plain.withPolicies(List.of(PolicyCatalog.get("xfs-buffered"))));
    }
}

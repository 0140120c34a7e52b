package org.locktable.engine.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.example.policies.TestPolicies;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.engine.catalog.PolicyContract.Rule;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyCatalogException;

/** The contract every policy is held to before its answers are trusted: the built-ins keep it, broken users' are refused. */
class PolicyContractTest {
    @TempDir
    Path jar;

    @TestFactory
    List<DynamicTest> everyBuiltInKeepsTheContract() {
        return PolicyCatalog.builtIns().stream().map(p -> DynamicTest.dynamicTest(p.id(), () -> {
            PolicyContract.Report r = PolicyContract.check(p);
            assertTrue(r.passed(), () -> String.join("\n", r.breaches().stream().map(PolicyContract.Breach::line).toList()));
            assertTrue(r.cases() > 10_000, p.id() + ": " + r.cases() + " cases");
        })).toList();
    }

    @Test
    void theSkeletonWithNothingOverriddenKeepsIt() {
        assertTrue(PolicyContract.check(new TestPolicies.OverridesNothing()).passed());
        assertTrue(PolicyContract.check(new TestPolicies.AlwaysExclusive()).passed());
    }

    @Test
    void sharedThenMainlineIsARelockAtTheFirstCase() {
        PolicyContract.Breach b = only(new TestPolicies.SharedThenMainline());
        assertEquals(Rule.RELOCK, b.rule());
        assertEquals(0, b.witness().index(), "the smallest case is the witness");
        assertTrue(b.line().startsWith("policy test-shared-then-mainline refused: takes the inode lock while holding it"),
                b.line());
    }

    @Test
    void markSubmittedAloneSubmitsNoData() {
        assertEquals(Rule.NO_DATA, only(new TestPolicies.NoSubmission()).rule());
    }

    @Test
    void aDrainBeforeTheLockHoldsNoLock() {
        assertEquals(Rule.NO_LOCK, only(new TestPolicies.DrainUnlocked()).rule());
    }

    @Test
    void iSizeGrownUnderTheSharedLock() {
        PolicyContract.Breach b = only(new TestPolicies.SizeUnderShared());
        assertEquals(Rule.SIZE_NOT_EXCLUSIVE, b.rule());
        assertTrue(b.witness().request().offset() + b.witness().request().length() > b.witness().inode().size());
    }

    @Test
    void aCoinFlipIsNotDeterministic() {
        assertEquals(Rule.NONDETERMINISTIC, only(new TestPolicies.Coin()).rule());
    }

    @Test
    void theCatalogRefusesABrokenUsersPolicyOneLinePerRule() throws IOException {
        Path services = jar.resolve("META-INF/services/" + Policy.class.getName());
        Files.createDirectories(services.getParent());
        Files.write(services, List.of(TestPolicies.NoSubmission.class.getName(), TestPolicies.SharedThenMainline.class.getName()));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            PolicyCatalogException e = assertThrows(PolicyCatalogException.class,
                    () -> PolicyLoader.catalog(PolicyCatalog.builtIns(), List.of(loader)));
            List<String> lines = e.getMessage().lines().toList();
            assertEquals(2, lines.size(), e.getMessage());
            assertTrue(lines.get(0).startsWith("policy test-no-submission refused: a direct write it lets proceed submits no data"),
                    lines.get(0));
            assertTrue(lines.get(1).startsWith("policy test-shared-then-mainline refused: takes the inode lock while holding"),
                    lines.get(1));
        }
    }

    private static PolicyContract.Breach only(Policy p) {
        List<PolicyContract.Breach> breaches = PolicyContract.check(p).breaches();
        assertEquals(1, breaches.size(), () -> breaches.stream().map(PolicyContract.Breach::line).toList().toString());
        return breaches.get(0);
    }
}

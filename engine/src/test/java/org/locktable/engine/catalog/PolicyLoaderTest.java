package org.locktable.engine.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.example.policies.TestPolicies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyCatalogException;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;

/** Users' policies found with ServiceLoader: where they go in the catalog, and the errors a broken one gets. */
class PolicyLoaderTest {
    @TempDir
    Path jar;

    /** The catalog with a class loader that sees a services file listing {@code providers}. */
    private List<Policy> catalogWith(Class<?>... providers) throws IOException {
        Path services = jar.resolve("META-INF/services/" + Policy.class.getName());
        Files.createDirectories(services.getParent());
        List<String> lines = new ArrayList<>();
        for (Class<?> c : providers) {
            lines.add(c.getName());
        }
        Files.write(services, lines);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            return PolicyLoader.catalog(PolicyCatalog.builtIns(), List.of(loader, getClass().getClassLoader()));
        }
    }

    @Test
    void usersPoliciesComeAfterTheBuiltInsSortedById() throws Exception {
        List<Policy> all = catalogWith(TestPolicies.AlwaysExclusive.class, TestPolicies.BaseCopy.class);
        assertEquals(PolicyCatalog.builtIns(), all.subList(0, PolicyCatalog.builtIns().size()));
        assertEquals(List.of("test-a-base-copy", "test-always-exclusive"),
                all.subList(PolicyCatalog.builtIns().size(), all.size()).stream().map(Policy::id).toList());
    }

    @Test
    void aUsersPolicyDecidesThroughThePublicVerbs() throws Exception {
        List<Policy> all = catalogWith(TestPolicies.AlwaysExclusive.class, TestPolicies.BaseCopy.class);
        Inode inode = Inode.builder(Layout.parse("W W")).build();
        WriteRequest aligned = WriteRequest.builder(0, 4096).build();
        Policy exclusive = all.get(all.size() - 1);
        assertEquals(Lock.EXCLUSIVE, exclusive.decide(inode, aligned).initialLock());
        Policy copy = all.get(all.size() - 2);
        assertEquals(PolicyCatalog.builtIn("ext4-base").decide(inode, aligned).initialLock(),
                copy.decide(inode, aligned).initialLock());
    }

    @Test
    void twoPoliciesWithOneIdNameBothClasses() {
        PolicyCatalogException e = assertThrows(PolicyCatalogException.class,
                () -> catalogWith(TestPolicies.AlwaysExclusive.class, TestPolicies.SameId.class));
        assertEquals("two policies have the id \"test-always-exclusive\": " + TestPolicies.AlwaysExclusive.class.getName()
                + " and " + TestPolicies.SameId.class.getName(), e.getMessage());
    }

    @Test
    void aUsersPolicyCannotTakeABuiltInsId() {
        PolicyCatalogException e = assertThrows(PolicyCatalogException.class, () -> catalogWith(TestPolicies.BuiltInId.class));
        assertTrue(e.getMessage().contains("\"ext4-base\": org.locktable.engine.policy.builtin.Ext4Base and "
                + TestPolicies.BuiltInId.class.getName()), e.getMessage());
    }

    @Test
    void aPolicyWithoutMetadataIsNamed() {
        PolicyCatalogException e = assertThrows(PolicyCatalogException.class, () -> catalogWith(TestPolicies.NoMetadata.class));
        assertTrue(e.getMessage().contains("policy class " + TestPolicies.NoMetadata.class.getName()
                + " has no @PolicyMetadata annotation"), e.getMessage());
    }

    @Test
    void aProviderThatIsNoPolicyIsNamed() {
        PolicyCatalogException e = assertThrows(PolicyCatalogException.class, () -> catalogWith(TestPolicies.class));
        assertTrue(e.getMessage().startsWith("cannot load a user policy: ")
                && e.getMessage().contains(TestPolicies.class.getName() + " not a subtype"),
                e.getMessage());
    }

    /** Asks for a catalog from its constructor, as a policy calling {@code PolicyCatalog.get} while it is loaded does. */
    @PolicyMetadata(id = "test-reentrant", title = "reentrant", fileSystem = FileSystem.EXT4, path = PolicyInfo.WritePath.DIRECT,
            kernel = "none", status = PolicyInfo.Status.RFC, functions = "none")
    public static final class Reentrant extends TestPolicies.BaseCopyLike {
        public Reentrant() {
            PolicyLoader.catalog(List.of(), List.of());
        }
    }

    @Test
    void aPolicyAskingForTheCatalogWhileItIsBuiltIsTold() {
        PolicyCatalogException e = assertThrows(PolicyCatalogException.class, () -> catalogWith(Reentrant.class));
        assertTrue(e.getMessage().contains("a policy's constructor asked for the catalog while it is being built; "
                + "compose a built-in policy with PolicyCatalog.builtIn(id)"), e.getMessage());
    }

    @Test
    void theDefaultCatalogIsTheBuiltInsWhenNoJarAddsPolicies() {
        assertEquals(PolicyCatalog.builtIns(), PolicyCatalog.all());
    }
}

package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.docs.DocsGenerator;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * The built-in catalog: its ids and order (the tables, docs and benchmarks depend on both), the diffs the docs
 * publish, and what the metadata on the classes must satisfy.
 */
class BuiltInCatalogTest {
    @Test
    void idsAndOrderAreTheCatalogs() {
        assertEquals(List.of("ext4-2019-overwrite", "ext4-v5.10", "ext4-base", "ext4-patch1", "ext4-patch2", "ext4-eof-fix",
                "xfs-dio-v5.11", "xfs-dio", "xfs-buffered", "xfs-writethrough-noserial", "ext4-buffered-bh",
                "ext4-buffered-bh-dio-wait", "ext4-buffered-iomap"),
                PolicyCatalog.builtIns().stream().map(Policy::id).toList());
    }

    @Test
    void publishedDiffsAreTheSeeds() {
        List<String> diffs = new ArrayList<>();
        for (String[] d : DocsGenerator.diffs()) {
            diffs.add(d[0] + " -> " + d[1]);
        }
        assertEquals(List.of("ext4-2019-overwrite -> ext4-base", "ext4-v5.10 -> ext4-base", "ext4-base -> ext4-patch1",
                "ext4-patch1 -> ext4-patch2", "ext4-base -> ext4-patch2", "ext4-base -> ext4-eof-fix",
                "xfs-dio-v5.11 -> xfs-dio"), diffs);
    }

    @Test
    void diffFromNamesBuiltInsOfTheSameWritePath() {
        for (Policy p : PolicyCatalog.builtIns()) {
            for (String before : p.info().diffFrom()) {
                assertEquals(p.info().path(), PolicyCatalog.builtIn(before).info().path(), p.id() + " diffFrom " + before);
            }
        }
    }

    @Test
    void everyBuiltInNamesTheKernelFunctionsItMirrors() {
        for (Policy p : PolicyCatalog.builtIns()) {
            assertTrue(!p.info().functions().isEmpty() && p.info().functions().stream().allMatch(f -> f.startsWith("fs/")),
                    p.id() + ": " + p.info().functions());
            assertTrue(p.info().live() == null || p.info().live().fileSystem().equals(p.info().fileSystem()), p.id());
        }
    }

    @Test
    void ext4BufferedPoliciesSendDirectWritesToExt4Base() throws Exception {
        Inode inode = Inode.builder(Layout.parse("W U U W")).build();
        WriteRequest request = WriteRequest.builder(512, 14336).build();
        Decision base = PolicyCatalog.builtIn("ext4-base").decide(inode, request);
        for (String id : List.of("ext4-buffered-bh", "ext4-buffered-iomap")) {
            Decision d = PolicyCatalog.builtIn(id).decide(inode, request);
            assertEquals(base.lockPath(), d.lockPath(), id);
            assertEquals(base.drain(), d.drain(), id);
        }
    }
}

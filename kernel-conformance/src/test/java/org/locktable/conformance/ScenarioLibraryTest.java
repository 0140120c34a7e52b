package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.LockMode;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Write;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;

/** Finding scenarios on the class path and deciding what can be replayed; no kernel needed. */
class ScenarioLibraryTest {

    // fixtures: deliberately not @Scenario, so the library scan does not pick them up
    @ExtentLayout(blocks = "W W")
    @Write(offset = 0, len = 4096, direct = false)
    static class Buffered {
    }

    @ExtentLayout(blocks = "W W")
    @Write(offset = 0, len = 4096)
    @ExpectLock(policy = "xfs-dio", value = LockMode.SHARED)
    static class XfsOnly {
    }

    @ExtentLayout(blocks = "W W")
    @Write(offset = 0, len = 4096, writethrough = true, noserial = true, direct = false)
    static class Writethrough {
    }

    static class Nothing {
    }

    @Test
    void findsTheScenarioLibraryOnTheClassPath() throws Exception {
        List<Class<?>> found = ScenarioLibrary.discover(List.of());
        assertFalse(found.isEmpty(), "the scenarios-module test-jar is a test dependency: its scenarios must be found");
        List<String> names = new ArrayList<>();
        for (Class<?> c : found) {
            assertNotNull(c.getAnnotation(Scenario.class), c.getName());
            names.add(c.getName());
        }
        List<String> sorted = new ArrayList<>(names);
        java.util.Collections.sort(sorted);
        assertEquals(sorted, names, "sorted by name: the report's order");
        assertFalse(names.contains(XfsOnly.class.getName()));
    }

    @Test
    void recognisesTheAnnotationInClassBytes() throws Exception {
        Class<?> some = ScenarioLibrary.discover(List.of()).get(0);
        try (InputStream in = some.getResourceAsStream(some.getName().substring(some.getName().lastIndexOf('.') + 1)
                + ".class")) {
            assertTrue(ScenarioLibrary.contains(in.readAllBytes()));
        }
        try (InputStream in = Nothing.class.getResourceAsStream("ScenarioLibraryTest$Nothing.class")) {
            assertFalse(ScenarioLibrary.contains(in.readAllBytes()));
        }
    }

    @Test
    void fileSystemsFollowTheNamedPolicies() {
        assertEquals(Set.of(FsKind.XFS), ScenarioReplay.fileSystems(XfsOnly.class));
        assertEquals(Set.of(FsKind.EXT4, FsKind.XFS), ScenarioReplay.fileSystems(Nothing.class));
    }

    @Test
    void whatCannotBeProbedIsNotApplicable() throws Exception {
        ScenarioReplay replay = new ScenarioReplay(null, Conformance.kernelVersion());
        ScenarioLine b = replay.replay(Buffered.class).get(0);
        assertEquals(ScenarioLine.Verdict.NOT_APPLICABLE, b.verdict());
        assertTrue(b.detail().contains("buffered"), b.detail());
        assertEquals(ScenarioLine.Verdict.NOT_APPLICABLE, replay.replay(Writethrough.class).get(0).verdict());
        ScenarioLine n = replay.replay(Nothing.class).get(0);
        assertEquals(ScenarioLine.Verdict.NOT_APPLICABLE, n.verdict());
        assertTrue(n.detail().contains("sweep"), n.detail());
    }

    @Test
    void unbuildableFiles() throws Exception {
        assertNull(ScenarioReplay.unbuildable(Inode.builder(Layout.parse("W U H W")).build()));
        assertTrue(ScenarioReplay.unbuildable(Inode.builder(Layout.parse("W D")).build()).contains("delalloc"));
        assertTrue(ScenarioReplay.unbuildable(Inode.builder(Layout.parse("W W W W")).diskSize(12288).build())
                .contains("i_disksize"));
        assertTrue(ScenarioReplay.unbuildable(Inode.builder(Layout.parse("W")).blockSize(65536).build())
                .contains("block size"));
        assertTrue(ScenarioReplay.unbuildable(Inode.builder(Layout.parse("W*100000")).build()).contains("larger"));
    }
}

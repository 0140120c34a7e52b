package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.LockMode;
import org.locktable.dsl.Range;
import org.locktable.dsl.Rule;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Sweep;
import org.locktable.dsl.Write;
import org.locktable.dsl.reader.ReflectedClass;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.dsl.reader.ScenarioReader;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.scenario.ScenarioIndex;

/** Finding scenarios through the processor's index and deciding what can be replayed; no kernel needed. */
class ScenarioLibraryTest {

    // fixtures: scenarios, but in no index (this module's tests are compiled without the processor)
    @Scenario(title = "buffered")
    @ExtentLayout(blocks = "W W")
    @Write(offset = 0, len = 4096, direct = false)
    static class Buffered {
    }

    @Scenario(title = "xfs only")
    @ExtentLayout(blocks = "W W")
    @Write(offset = 0, len = 4096)
    @ExpectLock(policy = "xfs-dio", value = LockMode.SHARED)
    static class XfsOnly {
    }

    @Scenario(title = "write-through")
    @ExtentLayout(blocks = "W W")
    @Write(offset = 0, len = 4096, writethrough = true, noserial = true, direct = false)
    static class Writethrough {
    }

    @Scenario(title = "sweep only")
    @Sweep(layouts = {"W ? W"}, offsets = @Range(from = 0, to = 8192, step = 4096),
            lengths = @Range(from = 4096, to = 8192, step = 4096), policies = {"xfs-dio"})
    @Rule(name = "any", lock = LockMode.SHARED)
    static class SweepOnly {
    }

    @Scenario(title = "nothing to check")
    static class Unreadable {
    }

    private static ScenarioModel model(Class<?> c) {
        return new ScenarioReader().read(ReflectedClass.of(c)).model().orElseThrow();
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
        assertFalse(names.contains(XfsOnly.class.getName()), "in no index");
    }

    @Test
    void anExtraPathAddsTheScenariosOfItsIndex(@TempDir Path tmp) throws Exception {
        Files.createDirectories(tmp.resolve(ScenarioIndex.RESOURCE).getParent());
        Files.writeString(tmp.resolve(ScenarioIndex.RESOURCE), ScenarioIndex.format(List.of(new ScenarioIndex.Entry(
                XfsOnly.class.getName(), XfsOnly.class.getName() + "_LocktableTest", 1, 0, 0, 0))));
        List<Class<?>> found = ScenarioLibrary.discover(List.of(tmp));
        assertTrue(found.contains(XfsOnly.class), found.toString());
        assertTrue(found.size() > 1, "and the class path's");
    }

    @Test
    void anExtraPathWithoutAnIndexIsRefused(@TempDir Path tmp) {
        IOException e = assertThrows(IOException.class, () -> ScenarioLibrary.discover(List.of(tmp)));
        assertTrue(e.getMessage().contains("no scenario index"), e.getMessage());
    }

    @Test
    void fileSystemsFollowTheNamedPolicies() {
        assertEquals(Set.of(FsKind.XFS), ScenarioReplay.fileSystems(model(XfsOnly.class)));
        assertEquals(Set.of(FsKind.EXT4, FsKind.XFS), ScenarioReplay.fileSystems(model(Buffered.class)));
    }

    @Test
    void whatCannotBeProbedIsNotApplicable() throws Exception {
        ScenarioReplay replay = new ScenarioReplay(null, Conformance.kernelVersion());
        ScenarioLine b = replay.replay(Buffered.class).get(0);
        assertEquals(ScenarioLine.Verdict.NOT_APPLICABLE, b.verdict());
        assertTrue(b.detail().contains("buffered"), b.detail());
        assertEquals(ScenarioLine.Verdict.NOT_APPLICABLE, replay.replay(Writethrough.class).get(0).verdict());
        ScenarioLine s = replay.replay(SweepOnly.class).get(0);
        assertEquals(ScenarioLine.Verdict.NOT_APPLICABLE, s.verdict());
        assertTrue(s.detail().contains("sweep"), s.detail());
        ScenarioLine u = replay.replay(Unreadable.class).get(0);
        assertEquals(ScenarioLine.Verdict.NOT_APPLICABLE, u.verdict());
        assertTrue(u.detail().contains("[LT004]"), u.detail());
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

package org.locktable.engine.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scenario index: sorted lines that parse back to the same entries, read from a directory or a jar. */
class ScenarioIndexTest {
    private static final List<ScenarioIndex.Entry> ENTRIES = List.of(
            new ScenarioIndex.Entry("b.Two", "b.Two_LocktableTest", 0, 0, 3, 0),
            new ScenarioIndex.Entry("a.One$Inner", "a.One_Inner_LocktableTest", 2, 1, 0, 1));

    @Test
    void formatSortsAndParseReadsBack() {
        String text = ScenarioIndex.format(ENTRIES);
        assertTrue(text.startsWith("# locktable scenario index"), text);
        assertTrue(text.contains("\na.One$Inner\ta.One_Inner_LocktableTest\tlock=2 relation=1 rule=0 speedup=1 race=0\nb.Two\t"),
                text);
        assertEquals(List.of(ENTRIES.get(1), ENTRIES.get(0)), ScenarioIndex.parse(text));
    }

    @Test
    void readsADirectoryOrAJarAndSaysWhenThereIsNone(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("classes");
        Files.createDirectories(dir.resolve(ScenarioIndex.RESOURCE).getParent());
        Files.writeString(dir.resolve(ScenarioIndex.RESOURCE), ScenarioIndex.format(ENTRIES));
        assertEquals(2, ScenarioIndex.read(dir).orElseThrow().size());

        Path jar = tmp.resolve("scenarios.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(ScenarioIndex.RESOURCE));
            out.write(ScenarioIndex.format(ENTRIES).getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        assertEquals(ScenarioIndex.read(dir), ScenarioIndex.read(jar));

        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertTrue(ScenarioIndex.read(empty).isEmpty());
        try (OutputStream out = Files.newOutputStream(tmp.resolve("plain.jar"));
             JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("x.txt"));
            j.closeEntry();
        }
        assertTrue(ScenarioIndex.read(tmp.resolve("plain.jar")).isEmpty());
        assertTrue(ScenarioIndex.read(tmp.resolve("missing")).isEmpty());
    }
}

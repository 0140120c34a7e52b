package org.locktable.engine.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ScenarioPagesTest {
    @Test
    void bundleReadsBackEveryFileByteForByteSortedByPath() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("org/x/B.md", "# B ✓\n\n== not a mark\n");
        files.put("index.md", "# Scenarios\n");
        files.put("org/x/B.timing.svg", "<svg/>");
        files.put("org/x/Empty.md", "");
        String bundle = ScenarioPages.format(files);
        Map<String, String> back = ScenarioPages.parseText(bundle.getBytes(StandardCharsets.UTF_8));
        assertEquals(new java.util.TreeMap<>(files), back);
        assertEquals(java.util.List.of("index.md", "org/x/B.md", "org/x/B.timing.svg", "org/x/Empty.md"),
                new java.util.ArrayList<>(back.keySet()));
        assertEquals(bundle, ScenarioPages.format(back));
    }

    @Test
    void aCutBundleIsAnError() {
        String bundle = ScenarioPages.format(Map.of("A.md", "# A\n"));
        byte[] cut = bundle.substring(0, bundle.length() - 3).getBytes(StandardCharsets.UTF_8);
        assertThrows(IllegalArgumentException.class, () -> ScenarioPages.parse(cut));
        assertThrows(IllegalArgumentException.class, () -> ScenarioPages.parse("# A\n".getBytes(StandardCharsets.UTF_8)));
    }
}

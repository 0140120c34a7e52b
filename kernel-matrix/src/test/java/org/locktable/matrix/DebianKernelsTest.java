package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class DebianKernelsTest {
    @Test
    void theMirrorOfADeb822SourceSkipsSecurityAndOtherSuites() {
        String sources = "Types: deb\nURIs: http://mirror.example/debian\nSuites: bookworm bookworm-updates\n"
                + "Components: main\n\nTypes: deb\nURIs: http://mirror.example/debian-security\n"
                + "Suites: bookworm-security\nComponents: main\n";
        assertEquals(Optional.of("http://mirror.example/debian"), DebianKernels.mirrorIn(sources, true));
        assertEquals(Optional.empty(), DebianKernels.mirrorIn("Types: deb\nURIs: https://other.example/apt\n"
                + "Suites: nodistro\nComponents: main\n", true));
        assertEquals(Optional.empty(), DebianKernels.mirrorIn("Types: deb-src\nURIs: http://m.example/debian\n"
                + "Suites: bookworm\n", true));
    }

    @Test
    void theMirrorOfAOneLineSource() {
        assertEquals(Optional.of("http://m.example/debian"), DebianKernels.mirrorIn(
                "# comment\ndeb [signed-by=/k.gpg] http://m.example/debian bookworm main\n", false));
        assertEquals(Optional.empty(), DebianKernels.mirrorIn("deb https://cloud.example/apt cloud-sdk main\n", false));
    }

    @Test
    void aptGetsItsOwnStateAndSources() {
        List<String> c = DebianKernels.apt("apt-get", Path.of("/c/apt/bookworm"), "download", "x");
        assertTrue(c.contains("Dir::Etc::SourceList=/c/apt/bookworm/sources.list"), c.toString());
        assertTrue(c.contains("Dir::State=/c/apt/bookworm/state"), c.toString());
        assertEquals(List.of("download", "x"), c.subList(c.size() - 2, c.size()));
    }
}

package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelSpecTest {
    @Test
    void debianSeriesNameTheirSuites() {
        assertEquals("bullseye", KernelSpec.parse("debian:5.10").suite());
        assertEquals("bookworm", KernelSpec.parse("debian:6.1").suite());
        assertEquals("trixie", KernelSpec.parse("debian:6.12").suite());
        assertEquals("debian:6.1", KernelSpec.parse(" debian:6.1 ").toString());
    }

    @Test
    void anUnknownSeriesListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KernelSpec.parse("debian:4.19"));
        assertEquals("unknown Debian kernel \"debian:4.19\": use debian:5.10, debian:6.1, debian:6.12", e.getMessage());
    }

    @Test
    void filesMustExist(@TempDir Path dir) throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KernelSpec.parse(dir.resolve("linux-image-x.deb").toString()));
        assertTrue(e.getMessage().startsWith("no kernel package "), e.getMessage());
        Path deb = Files.createFile(dir.resolve("linux-image-x.deb"));
        assertEquals(KernelSpec.Kind.DEB, KernelSpec.parse(deb.toString()).kind());
        Path vmlinuz = Files.createFile(dir.resolve("vmlinuz-6.6"));
        KernelSpec image = KernelSpec.parse(vmlinuz + "," + dir);
        assertEquals(KernelSpec.Kind.IMAGE, image.kind());
        assertEquals(dir.toAbsolutePath(), image.modules().toAbsolutePath());
        assertThrows(IllegalArgumentException.class, () -> KernelSpec.parse(vmlinuz + "," + dir.resolve("none")));
        assertThrows(IllegalArgumentException.class, () -> KernelSpec.parse(""));
    }
}

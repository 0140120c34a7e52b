package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModuleSetTest {
    /** A stand-in module: some bytes, then a .modinfo of NUL-separated key=value strings. */
    static byte[] module(String depends) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(new byte[] {0x7f, 'E', 'L', 'F', 0});
        for (String s : List.of("license=GPL", "depends=" + depends, "name=x", "vermagic=6.1.0 SMP mod_unload")) {
            b.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
            b.write(0);
        }
        return b.toByteArray();
    }

    @Test
    void dependsIsReadFromModinfo() {
        assertEquals(List.of("libcrc32c", "crc32c_generic"), ModuleSet.depends(module("libcrc32c,crc32c_generic")));
        assertEquals(List.of(), ModuleSet.depends(module("")));
        assertEquals(List.of(), ModuleSet.depends("no modinfo".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void namesAreTheFileNamesWithUnderscores() {
        assertEquals("crc32c_intel", ModuleSet.name(Path.of("crc32c-intel.ko.xz")));
        assertEquals("loop", ModuleSet.name(Path.of("loop.ko")));
        assertNull(ModuleSet.name(Path.of("modules.order")));
    }

    @Test
    void dependenciesLoadFirstAndMissingModulesAreBuiltIn(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("kernel/fs/xfs"));
        Files.write(dir.resolve("kernel/fs/xfs/xfs.ko"), module("libcrc32c"));
        Files.write(dir.resolve("libcrc32c.ko"), module(""));
        Files.write(dir.resolve("loop.ko"), module(""));
        List<String> names = ModuleSet.resolve(dir).stream().map(ModuleSet.Module::name).toList();
        assertEquals(List.of("loop", "libcrc32c", "xfs"), names);
    }
}

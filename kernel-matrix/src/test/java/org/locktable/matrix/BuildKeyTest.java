package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The cache key of a built kernel: what changes it and what does not. */
class BuildKeyTest {
    private static final String SRC = "linux-source-6.12_6.12.117-1";
    private static final String CFG = "CONFIG_64BIT=y\n";

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Values from Python's hashlib over the same lines (the digest of the config, then of the key's lines). */
    @Test
    void knownValues() {
        assertEquals("e6212503ccf9678b", BuildKey.of(SRC, CFG, List.of()));
        assertEquals("7909ecee5a5005b3", BuildKey.of(SRC, CFG, List.of(b("p1\n"))));
    }

    @Test
    void sourceConfigAndEachPatchInOrderChangeIt() {
        String base = BuildKey.of(SRC, CFG, List.of(b("p1\n"), b("p2\n")));
        assertEquals(base, BuildKey.of(SRC, CFG, List.of(b("p1\n"), b("p2\n"))));
        assertNotEquals(base, BuildKey.of(SRC, CFG, List.of(b("p2\n"), b("p1\n"))));
        assertNotEquals(base, BuildKey.of(SRC, CFG, List.of(b("p1\n"))));
        assertNotEquals(base, BuildKey.of(SRC, CFG, List.of(b("p1\n"), b("p2 \n"))));
        assertNotEquals(base, BuildKey.of("linux-source-6.12_6.12.118-1", CFG, List.of(b("p1\n"), b("p2\n"))));
        assertNotEquals(base, BuildKey.of(SRC, CFG + "CONFIG_XFS_FS=y\n", List.of(b("p1\n"), b("p2\n"))));
        assertEquals(16, base.length());
        assertEquals("-lt-" + base.substring(0, 8), KernelBuild.localVersion(base));
    }
}

package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locktable.engine.model.Layout;

/** The FIEMAP verification of a built file; no kernel needed. */
class RealisationTest {
    private static final int BS = 4096;

    private static Realisation check(String layout, long size, boolean nosec, String fiemap, int mode, long resident)
            throws Exception {
        return Realisation.check(Layout.parse(layout), size, nosec, BS, Ltprobe.parseFiemap(fiemap), mode, resident);
    }

    @Test
    void acceptsTheAskedLayout() throws Exception {
        Realisation r = check("W U U W", 16384, true, "OK 16384 3 0:40960:4096:0 4096:45056:8192:800 12288:53248:4096:1",
                0644, 0);
        assertTrue(r.realised(), r.reason());
        assertEquals("W U U W i_size=16384", r.produced());
    }

    @Test
    void acceptsABoundaryThatIsPhysicallyDiscontiguous() throws Exception {
        Realisation r = check("W|W", 8192, true, "OK 8192 2 0:40960:4096:0 4096:49152:4096:1", 0644, 0);
        assertTrue(r.realised(), r.reason());
        assertEquals("W|W i_size=8192", r.produced());
    }

    @Test
    void rejectsAMergedRecordWhereABoundaryWasAsked() throws Exception {
        Realisation r = check("W|W", 8192, true, "OK 8192 1 0:40960:8192:1", 0644, 0);
        assertFalse(r.realised());
        assertEquals("W W i_size=8192", r.produced());
        assertTrue(r.reason().contains("FIEMAP shows `W W`, not `W|W`"), r.reason());
    }

    @Test
    void rejectsSeparateRecordsThatArePhysicallyContiguous() throws Exception {
        Realisation r = check("W|W", 8192, true, "OK 8192 2 0:40960:4096:0 4096:45056:4096:1", 0644, 0);
        assertFalse(r.realised());
        assertTrue(r.reason().contains("physically contiguous"), r.reason());
    }

    @Test
    void rejectsTheWrongStates() throws Exception {
        Realisation r = check("W U", 8192, true, "OK 8192 1 0:40960:8192:1", 0644, 0);
        assertFalse(r.realised());
        assertEquals("W W i_size=8192", r.produced());
    }

    @Test
    void rejectsBlocksBeyondTheLayout() throws Exception {
        Realisation r = check("W", 2048, true, "OK 2048 1 0:40960:8192:1", 0644, 0);
        assertFalse(r.realised());
        assertTrue(r.reason().contains("beyond the layout"), r.reason());
    }

    @Test
    void rejectsAnotherSizeTheSetUidBitAndCachedPages() throws Exception {
        assertTrue(check("W W", 6144, true, "OK 8192 1 0:40960:8192:1", 0644, 0).reason().contains("i_size is 8192"));
        assertTrue(check("W W", 8192, false, "OK 8192 1 0:40960:8192:1", 0644, 0).reason().contains("not set-uid"));
        assertTrue(check("W W", 8192, true, "OK 8192 1 0:40960:8192:1", 04755, 0).reason().contains("is set-uid"));
        Realisation cached = check("W W", 8192, true, "OK 8192 1 0:40960:8192:1", 0644, 1);
        assertFalse(cached.realised());
        assertTrue(cached.reason().contains("page cache"), cached.reason());
    }

    @Test
    void acceptsHolesAndTrailingHoles() throws Exception {
        assertTrue(check("H H", 8192, true, "OK 8192 0", 0644, 0).realised());
        assertTrue(check("W H", 6144, false, "OK 6144 1 0:40960:4096:1", 04755, 0).realised());
        assertEquals("W H i_size=6144 set-uid", check("W H", 6144, false, "OK 6144 1 0:40960:4096:1", 04755, 0).produced());
    }

    @Test
    void reportsOddExtents() throws Exception {
        Realisation r = check("W", 4096, true, "OK 4096 1 0:0:4096:5", 0644, 0);
        assertFalse(r.realised());
        assertEquals("D i_size=4096", r.produced());
        assertTrue(r.reason().contains("flags 0x5"), r.reason());
    }
}

package org.locktable.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Inode and request defaults (spec §1.1, §1.2 and the builders' comments); validation is in BadInputTest. */
class InodeTest {

    @Test
    @DisplayName("inode defaults: 4 KiB blocks, 512-byte sectors, DMA = lbs, i_size = layout end, i_disksize = i_size")
    void inodeDefaults() throws Exception {
        Inode inode = Inode.builder(Layout.parse("W U U W")).build();
        assertEquals(4096, inode.blockSize());
        assertEquals(12, inode.blockBits());
        assertEquals(512, inode.logicalBlockSize());
        assertEquals(512, inode.dmaAlignment());
        assertEquals(16384, inode.size());
        assertEquals(16384, inode.diskSize());
        assertTrue(inode.nosec());
        assertTrue(inode.dioreadNolock());
        assertTrue(inode.dioSupported());
    }

    @Test
    @DisplayName("the default i_size follows the block size")
    void defaultSizeFollowsBlockSize() throws Exception {
        assertEquals(4 * 65536L, Inode.builder(Layout.parse("W*4")).blockSize(65536).build().size());
        assertEquals(4 * 512L, Inode.builder(Layout.parse("W*4")).blockSize(512).build().size());
    }

    @Test
    @DisplayName("toBuilder and withLayout keep every other field")
    void copies() throws Exception {
        Inode inode = Inode.builder(Layout.parse("W*4")).blockSize(8192).logicalBlockSize(1024).dmaAlignment(4096)
                .size(20000).diskSize(10000).nosec(false).dioreadNolock(false).dioSupported(false).build();
        Inode copy = inode.toBuilder().build();
        assertEquals(inode.toString(), copy.toString());
        assertEquals(4096, copy.dmaAlignment());
        assertEquals(10000, copy.diskSize());
        assertFalse(copy.dioSupported());

        Inode moved = inode.withLayout(Layout.parse("U*8"));
        assertEquals(Layout.parse("U*8"), moved.layout());
        assertEquals(20000, moved.size());
        assertEquals(8192, moved.blockSize());
        assertFalse(moved.nosec());
    }

    @Test
    @DisplayName("a builder reused after changing the block size recomputes the default i_size")
    void builderReuse() throws Exception {
        Inode.Builder b = Inode.builder(Layout.parse("W*4"));
        assertEquals(16384, b.build().size());
        assertEquals(2048, b.blockSize(512).build().size());
    }

    @Test
    @DisplayName("request defaults: synchronous O_DIRECT with a page-aligned buffer, no RWF flags")
    void requestDefaults() throws Exception {
        WriteRequest r = WriteRequest.builder(4096, 8192).build();
        assertEquals(4096, r.offset());
        assertEquals(8192, r.length());
        assertEquals(12288, r.end());
        assertTrue(r.direct());
        assertFalse(r.async());
        assertFalse(r.nowait());
        assertFalse(r.dsync());
        assertFalse(r.writethrough());
        assertFalse(r.noserial());
        assertEquals(4096, r.bufferAlignment());
        WriteRequest copy = r.toBuilder().nowait(true).build();
        assertTrue(copy.nowait());
        assertEquals(12288, copy.end());
    }
}

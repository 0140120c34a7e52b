package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * Bad inputs end in {@link InvalidInputException} naming the field and the value (the exception's class comment:
 * "Every bad input the engine sees ends in this exception ... nothing else escapes for bad input"), and inputs that
 * pass validation never make a policy throw.
 */
class BadInputTest {

    /** {@code MAX_LFS_FILESIZE} less a 64 KiB block (WriteRequest.MAX_END's comment): 2^63 - 2^16. */
    private static final long MAX_END = Long.MAX_VALUE - 65535;

    private static InvalidInputException rejected(Executable build, String field, String... valuesInMessage) {
        InvalidInputException e = assertThrows(InvalidInputException.class, build);
        assertEquals(field, e.field(), e.getMessage());
        for (String v : valuesInMessage) {
            assertTrue(e.getMessage().contains(v), "expected \"" + v + "\" in: " + e.getMessage());
        }
        return e;
    }

    private static Inode.Builder inode() throws InvalidInputException {
        return Inode.builder(Layout.parse("W U H W"));
    }

    @Nested
    @DisplayName("Inode.Builder.build()")
    class InodeValidation {
        @ParameterizedTest(name = "block size {0}")
        @ValueSource(ints = {0, 1, 256, 511, 513, 1000, 3000, 4095, 4097, 6144, 131072, 1 << 30, -4096, Integer.MIN_VALUE})
        @DisplayName("block size not a power of two from 512 to 65536")
        void blockSize(int bs) {
            rejected(() -> inode().blockSize(bs).build(), "blockSize", "block size " + bs, "512", "65536");
        }

        @ParameterizedTest(name = "block size {0}")
        @ValueSource(ints = {512, 1024, 2048, 4096, 8192, 16384, 32768, 65536})
        @DisplayName("every power of two from 512 to 65536 is a valid block size")
        void validBlockSizes(int bs) throws Exception {
            assertEquals(bs, inode().blockSize(bs).build().blockSize());
        }

        @ParameterizedTest(name = "lbs {0} with 4096-byte blocks")
        @ValueSource(ints = {0, 1, 256, 500, 1000, 3072, -512, 8192, 65536})
        @DisplayName("logical block size not a power of two from 512 to the block size")
        void logicalBlockSize(int lbs) {
            rejected(() -> inode().logicalBlockSize(lbs).build(), "lbs", "logical block size " + lbs, "4096");
        }

        @Test
        @DisplayName("lbs larger than the block size")
        void lbsAboveBlockSize() {
            rejected(() -> inode().blockSize(1024).logicalBlockSize(2048).build(), "lbs", "2048", "1024");
        }

        @ParameterizedTest(name = "DMA alignment {0}")
        @ValueSource(ints = {3, 6, 100, 4095, -8, Integer.MIN_VALUE})
        @DisplayName("DMA alignment not a power of two")
        void dmaAlignment(int align) {
            rejected(() -> inode().dmaAlignment(align).build(), "dmaAlignment", "DMA alignment " + align);
        }

        @ParameterizedTest(name = "i_size {0}")
        @ValueSource(longs = {-2, -4096, Long.MIN_VALUE})
        @DisplayName("negative i_size")
        void negativeSize(long size) {
            rejected(() -> inode().size(size).build(), "size", "file size " + size);
        }

        @Test
        @DisplayName("i_size -1 and i_disksize -1 are negative too")
        void minusOne() {
            rejected(() -> inode().size(-1).build(), "size", "-1");
            rejected(() -> inode().diskSize(-1).build(), "diskSize", "-1");
        }

        @Test
        @DisplayName("i_size beyond the largest modelled offset")
        void sizeTooLarge() throws Exception {
            rejected(() -> inode().size(MAX_END + 1).build(), "size", Long.toString(MAX_END + 1));
            rejected(() -> inode().size(Long.MAX_VALUE).build(), "size", Long.toString(Long.MAX_VALUE));
            assertEquals(MAX_END, inode().size(MAX_END).build().size(), "2^63 - 2^16 itself is accepted");
        }

        @ParameterizedTest(name = "i_disksize {0}")
        @ValueSource(longs = {-2, -100, Long.MIN_VALUE})
        @DisplayName("negative i_disksize")
        void negativeDiskSize(long diskSize) {
            rejected(() -> inode().diskSize(diskSize).build(), "diskSize", "i_disksize " + diskSize);
        }

        @Test
        @DisplayName("i_disksize larger than i_size")
        void diskSizeAboveSize() throws Exception {
            rejected(() -> inode().size(8192).diskSize(8193).build(), "diskSize", "8193", "8192");
            rejected(() -> inode().diskSize(16385).build(), "diskSize", "16385", "16384");
            assertEquals(8192, inode().size(8192).diskSize(8192).build().diskSize(), "equal is fine");
        }

        @Test
        @DisplayName("no layout")
        void noLayout() {
            rejected(() -> Inode.builder(null).build(), "layout", "no layout");
        }
    }

    @Nested
    @DisplayName("WriteRequest.Builder.build()")
    class RequestValidation {
        @ParameterizedTest(name = "offset {0}")
        @ValueSource(longs = {-1, -4096, Long.MIN_VALUE})
        @DisplayName("negative offset")
        void negativeOffset(long offset) {
            rejected(() -> WriteRequest.builder(offset, 4096).build(), "offset", "offset " + offset);
        }

        @ParameterizedTest(name = "length {0}")
        @ValueSource(longs = {0, -1, -4096, Long.MIN_VALUE})
        @DisplayName("zero or negative length")
        void badLength(long len) {
            rejected(() -> WriteRequest.builder(0, len).build(), "len", "length " + len);
        }

        @Test
        @DisplayName("offset + length overflowing: Long.MAX_VALUE - 10, length 100")
        void overflow() {
            long offset = Long.MAX_VALUE - 10;
            rejected(() -> WriteRequest.builder(offset, 100).build(), "len", Long.toString(offset), "100");
            rejected(() -> WriteRequest.builder(1, Long.MAX_VALUE).build(), "len", Long.toString(Long.MAX_VALUE));
            rejected(() -> WriteRequest.builder(Long.MAX_VALUE, 1).build(), "len");
        }

        @Test
        @DisplayName("ending beyond 2^63 - 2^16 is rejected, ending exactly there is accepted")
        void endLimit() throws Exception {
            rejected(() -> WriteRequest.builder(MAX_END - 100, 101).build(), "len");
            rejected(() -> WriteRequest.builder(0, MAX_END + 1).build(), "len");
            assertEquals(MAX_END, WriteRequest.builder(MAX_END - 100, 100).build().end());
            assertEquals(MAX_END, WriteRequest.builder(0, MAX_END).build().end());
        }

        @ParameterizedTest(name = "buffer alignment {0}")
        @ValueSource(longs = {0, 3, 100, 4095, 6144, -4096, Long.MIN_VALUE, Long.MAX_VALUE})
        @DisplayName("buffer alignment not a power of two")
        void bufferAlignment(long align) {
            rejected(() -> WriteRequest.builder(0, 4096).bufferAlignment(align).build(), "bufferAlignment",
                    "buffer alignment " + align);
        }
    }

    @Nested
    @DisplayName("PolicyCatalog.get()")
    class Catalog {
        @Test
        @DisplayName("a misspelt id suggests the closest one")
        void misspelt() {
            InvalidInputException e = rejected(() -> PolicyCatalog.get("ext4-bse"), "policy",
                    "unknown policy \"ext4-bse\"", "did you mean \"ext4-base\"");
            assertTrue(e.getMessage().contains("xfs-dio-v5.11"), "the message lists the known ids: " + e.getMessage());
        }

        @Test
        @DisplayName("an id far from every known one gets no suggestion")
        void farOff() {
            InvalidInputException e = rejected(() -> PolicyCatalog.get("zzz"), "policy", "unknown policy \"zzz\"");
            assertFalse(e.getMessage().contains("did you mean"), e.getMessage());
        }
    }

    /**
     * Hostile values for offset, length, i_size, block size and logical block size. Building either succeeds or
     * throws {@link InvalidInputException}; whatever builds is decided by every policy, for several flag sets,
     * without any exception.
     */
    @Nested
    @DisplayName("hostile-value sweep")
    class Sweep {
        private static final long TWO_31 = 1L << 31;
        // i_size -1 is left out: it is the builder's "not set" marker (see InodeValidation.minusOne)
        private final long[] longs = {0, 1, 511, 512, 4095, 4096, TWO_31 - 1, TWO_31, TWO_31 + 1, 1L << 32, 1L << 62,
            Long.MAX_VALUE - 1, -2, Long.MIN_VALUE};
        private final long[] offsetsAndLengths = {0, 1, 511, 512, 4095, 4096, TWO_31 - 1, TWO_31, TWO_31 + 1, 1L << 32,
            1L << 62, Long.MAX_VALUE - 1, -1, Long.MIN_VALUE};
        private final int[] ints = {0, 1, 511, 512, 4095, 4096, 65536, 131072, Integer.MAX_VALUE, Integer.MIN_VALUE, -1};
        private final String[] layouts = {"W*4", "W U H W|W D", "D*3 U|U H*5 W*1000000"};
        private final List<UnaryOperator<WriteRequest.Builder>> flagSets = List.of(
                r -> r,
                r -> r.async(true).nowait(true),
                r -> r.bufferAlignment(512),
                r -> r.direct(false),
                r -> r.direct(false).nowait(true),
                r -> r.direct(false).writethrough(true).noserial(true),
                r -> r.direct(false).writethrough(true).noserial(true).nowait(true).async(true));

        @Test
        @DisplayName("build succeeds or throws InvalidInputException; every built input is decided without throwing")
        void sweep() throws Exception {
            List<Inode> inodes = new ArrayList<>();
            int k = 0;
            for (int bs : ints) {
                for (int lbs : ints) {
                    for (long size : longs) {
                        Layout layout = Layout.parse(layouts[k++ % layouts.length]);
                        Inode inode = build("inode bs=" + bs + " lbs=" + lbs + " size=" + size,
                                () -> Inode.builder(layout).blockSize(bs).logicalBlockSize(lbs).size(size).build());
                        assertEquals(validInode(bs, lbs, size), inode != null, "bs=" + bs + " lbs=" + lbs + " size=" + size);
                        if (inode != null) {
                            inodes.add(inode);
                        }
                    }
                }
            }
            List<WriteRequest> requests = new ArrayList<>();
            for (long offset : offsetsAndLengths) {
                for (long len : offsetsAndLengths) {
                    for (UnaryOperator<WriteRequest.Builder> flags : flagSets) {
                        WriteRequest r = build("request offset=" + offset + " len=" + len,
                                () -> flags.apply(WriteRequest.builder(offset, len)).build());
                        assertEquals(validRequest(offset, len), r != null, "offset=" + offset + " len=" + len);
                        if (r != null) {
                            requests.add(r);
                        }
                    }
                }
            }
            // valid (bs, lbs): (512,512), (4096,512), (4096,4096), (65536,512|4096|65536) = 6 pairs; valid sizes: the
            // 11 values from 0 to 2^62 (Long.MAX_VALUE - 1 is beyond 2^63 - 2^16, -2 and MIN_VALUE are negative)
            assertEquals(6 * 11, inodes.size(), "inodes that build");
            assertFalse(requests.isEmpty());

            long decided = 0;
            for (Inode inode : inodes) {
                for (WriteRequest r : requests) {
                    for (Policy p : PolicyCatalog.all()) {
                        Decision d;
                        try {
                            d = p.decide(inode, r);
                        } catch (Throwable t) {
                            throw new AssertionError(p.id() + " threw " + t + " for " + r + " on " + inode, t);
                        }
                        assertNotNull(d.result(), p.id() + " " + r + " on " + inode);
                        decided++;
                    }
                }
            }
            assertEquals((long) inodes.size() * requests.size() * PolicyCatalog.all().size(), decided);
        }

        private <T> T build(String what, ThrowingSupplier<T> s) {
            try {
                return s.get();
            } catch (InvalidInputException e) {
                assertNotNull(e.field(), what);
                return null;
            } catch (Throwable t) {
                fail("building " + what + " threw " + t + " instead of InvalidInputException", t);
                return null;
            }
        }

        /** Written from the spec §1.1 / §1.2 rules, not from the builders. */
        private boolean validInode(int bs, int lbs, long size) {
            boolean bsOk = bs >= 512 && bs <= 65536 && Integer.bitCount(bs) == 1;
            boolean lbsOk = lbs >= 512 && lbs <= bs && Integer.bitCount(lbs) == 1;
            return bsOk && lbsOk && size >= 0 && size <= MAX_END;
        }

        private boolean validRequest(long offset, long len) {
            return offset >= 0 && len > 0 && len <= MAX_END && offset <= MAX_END - len;
        }
    }

    @FunctionalInterface
    interface ThrowingSupplier<T> {
        T get() throws Exception;
    }
}

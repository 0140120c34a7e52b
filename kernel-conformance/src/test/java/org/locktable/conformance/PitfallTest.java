package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locktable.engine.model.Layout;
import org.locktable.rig.FileMap;

/**
 * Each step the builder and the probe take to avoid a pitfall of kernel-probing.md, shown to be needed on the
 * live kernel: without it the answer (or the verification) would be wrong.
 */
class PitfallTest {
    private static Rig rig;
    private static Ltprobe ext4;
    private static Ltprobe xfs;

    @BeforeAll
    static void setUp() throws IOException {
        rig = KernelTestEnvironment.rig();
        ext4 = rig.helper(KernelTestEnvironment.fs(rig, FsSpec.EXT4));
        xfs = rig.helper(KernelTestEnvironment.fs(rig, FsSpec.XFS));
    }

    @AfterAll
    static void tearDown() {
        if (ext4 != null) {
            ext4.close();
        }
        if (xfs != null) {
            xfs.close();
        }
        if (rig != null) {
            rig.close();
        }
    }

    private static BuildPlan build(Ltprobe p, String layout, long size, boolean nosec) throws Exception {
        BuildPlan plan = BuildPlan.of(Layout.parse(layout), size, nosec, 4096);
        LayoutBuilder.Built b = new LayoutBuilder(p, "p", ExhaustiveRun.BUILD_ATTEMPTS).build(plan);
        assertTrue(b.realised(), () -> plan + ": " + b.realisation().reason());
        return plan;
    }

    private static String probe(Ltprobe p, long off, long len, long prime, int retries) throws IOException {
        return KernelAnswer.ofProbe(p.call("probe " + off + " " + len + " 4096 " + prime + " " + retries)).name();
    }

    private static long resident(Ltprobe p) throws IOException {
        return Long.parseLong(p.ok("resident").split(" ")[1]);
    }

    /** A cached page in the write's range makes a NOWAIT direct write EAGAIN: the build must drop the page cache. */
    @Test
    void aCachedPageMakesTheNowaitWriteEagainUntilDropped() throws Exception {
        for (Ltprobe p : List.of(ext4, xfs)) {
            long prime = p == xfs ? 0 : -1;
            int retries = p == xfs ? ExhaustiveRun.XFS_RETRIES : 0;
            build(p, "W W", 8192, true);
            assertEquals("OK", probe(p, 0, 4096, prime, retries), "an aligned overwrite of one written record");
            p.ok("read 0 4096");
            assertTrue(resident(p) > 0, "a buffered read caches the page");
            assertEquals("EAGAIN", probe(p, 0, 4096, prime, retries), "the same write with the page cached");
            p.ok("sync");
            assertEquals(0, resident(p), "fsync + fadvise(DONTNEED) drop it");
            assertEquals("OK", probe(p, 0, 4096, prime, retries));
        }
    }

    /**
     * A truncate to an unaligned size zeroes the tail of the EOF block through the page cache (XFS on this kernel;
     * ext4 6.18 leaves no page behind): the cached page makes a NOWAIT write inside {@code i_size} EAGAIN until the
     * final fsync + fadvise drops it. So i_size comes from the last direct write where it can.
     */
    @Test
    void anUnalignedTruncateCanCacheTheEofPage() throws Exception {
        int cached = 0;
        for (Ltprobe p : List.of(ext4, xfs)) {
            long prime = p == xfs ? 0 : -1;
            int retries = p == xfs ? ExhaustiveRun.XFS_RETRIES : 0;
            build(p, "W W", 8192, true);
            p.ok("truncate 6144");
            if (resident(p) == 0) {
                continue;
            }
            cached++;
            assertEquals("EAGAIN", probe(p, 4096, 1024, prime, retries), "an overwrite inside i_size, refused for the page");
            p.ok("sync");
            assertEquals(0, resident(p));
            assertEquals("OK", probe(p, 4096, 1024, prime, retries), "the same write once the page is dropped");
        }
        assertTrue(cached > 0, "neither file system cached the EOF page on an unaligned truncate");
    }

    /**
     * XFS refuses a NOWAIT write whose timestamp update would block: without the prime in the same process the
     * write fails; with it (fallocate KEEP_SIZE over an allocated block, or futimens) it goes ahead. ext4 needs none.
     */
    @Test
    void xfsNeedsTheTimestampPrimeAndExt4DoesNot() throws Exception {
        build(xfs, "W W", 8192, true);
        Thread.sleep(50); // several clock ticks: the timestamps are now in the past
        assertEquals("EAGAIN", probe(xfs, 0, 4096, -1, 0), "unprimed");
        assertEquals("OK", probe(xfs, 0, 4096, 0, ExhaustiveRun.XFS_RETRIES), "primed with fallocate KEEP_SIZE");
        Thread.sleep(50);
        assertEquals("OK", probe(xfs, 0, 4096, -2, ExhaustiveRun.XFS_RETRIES), "primed with futimens");
        build(ext4, "W W", 8192, true);
        Thread.sleep(50);
        assertEquals("OK", probe(ext4, 0, 4096, -1, 0), "ext4 updates timestamps without honouring NOWAIT");
    }

    /** Two same-state writes in a row merge into one record: a W|W boundary needs the spacer, and FIEMAP tells. */
    @Test
    void fiemapVerificationRejectsALayoutThatWasNotMade() throws Exception {
        for (Ltprobe p : List.of(ext4, xfs)) {
            BuildPlan asked = BuildPlan.of(Layout.parse("W|W"), 8192, true, 4096);
            // without the spacer the second block is allocated right after the first (the allocator's goal) and the
            // records merge; allow a few tries, as ext4 may serve the two writes from different CPUs' pools
            Realisation r = null;
            for (int t = 0; t < 5; t++) {
                List<String> a = p.pipeline(List.of("create p", "nosec", "pwrite 0 4096", "pwrite 4096 4096", "sync",
                        "fiemap"));
                r = Realisation.check(asked.layout(), 8192, true, 4096, Ltprobe.parseFiemap(a.get(5)), 0644, 0);
                if (!r.realised()) {
                    break;
                }
            }
            assertFalse(r.realised(), "two writes in a row made W|W five times: the spacer would not be needed");
            assertEquals("W W i_size=8192", r.produced(), "merged into one record");
            // with it
            build(p, "W|W", 8192, true);
            // a file built for one layout is not accepted for another
            build(p, "W U", 8192, true);
            FileMap wu = Ltprobe.parseFiemap(p.ok("fiemap"));
            Realisation wrong = Realisation.check(Layout.parse("W W"), 8192, true, 4096, wu, 0644, 0);
            assertFalse(wrong.realised());
            assertEquals("W U i_size=8192", wrong.produced());
        }
    }

    /** Set-uid turns IS_NOSEC off: as root ext4 still goes exclusive (EAGAIN), XFS upgrades with a trylock. */
    @Test
    void setUidTurnsIsNosecOff() throws Exception {
        build(ext4, "W W", 8192, false);
        assertEquals("EAGAIN", probe(ext4, 0, 4096, -1, 0));
        build(ext4, "W W", 8192, true);
        assertEquals("OK", probe(ext4, 0, 4096, -1, 0));
        build(xfs, "W W", 8192, false);
        assertEquals("OK", probe(xfs, 0, 4096, 0, ExhaustiveRun.XFS_RETRIES));
    }

    /** A successful NOWAIT write into unwritten blocks converts them: the file must be rebuilt before the next probe. */
    @Test
    void aSuccessIntoUnwrittenBlocksChangesTheLayout() throws Exception {
        for (Ltprobe p : List.of(ext4, xfs)) {
            BuildPlan plan = build(p, "U U", 8192, true);
            assertTrue(plan.changedBySuccess(0, 4096));
            assertEquals("OK", probe(p, 0, 4096, p == xfs ? 0 : -1, p == xfs ? ExhaustiveRun.XFS_RETRIES : 0));
            Realisation after = Realisation.check(plan.layout(), 8192, true, 4096, Ltprobe.parseFiemap(p.ok("fiemap")),
                    0644, 0);
            assertFalse(after.realised());
            assertTrue(after.produced().startsWith("W U"), after.produced());
        }
    }
}

package org.locktable.timing.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Layout;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.SyncFileRange;
import org.locktable.timing.workload.Workload;

/** Every seed workload builds, with the fields its seed table implies. */
class SeedWorkloadsTest {
    private static final long GIB = 1L << 30;

    @Test
    void namesCoverEverySeedTableAndAllBuild() {
        assertEquals(List.of("seed000-test1", "seed000-test2", "seed001-randrw",
                "seed002-table1", "seed002-table1-writethrough", "seed002-table2", "seed002-table2-writethrough",
                "seed002-table3", "seed002-table3-writethrough", "seed002-table4", "seed002-table4-writethrough",
                "seed004-512", "seed004-4k"), SeedWorkloads.names());
        for (String name : SeedWorkloads.names()) {
            Workload w = SeedWorkloads.get(name);
            assertEquals(name, w.name());
            assertNotNull(w.job());
            assertFalse(SeedWorkloads.jobCounts(name).isEmpty());
            assertFalse(SeedWorkloads.seed(name).assumptions().isBlank());
            List<Workload> rows = SeedWorkloads.rows(name);
            assertEquals(SeedWorkloads.jobCounts(name), rows.stream().map(Workload::jobs).toList());
            assertFalse(w.warnings().stream().anyMatch(s -> s.startsWith("unknown")), name + ": " + w.warnings());
        }
    }

    @Test
    void seed000Test1() {
        Workload w = SeedWorkloads.get("seed000-test1");
        JobSpec j = w.job();
        assertEquals(JobSpec.Pattern.SEQUENTIAL, j.pattern());
        assertEquals(0, j.readPercent());
        assertEquals(BlockSizes.fixed(8192), j.blockSizes());
        assertEquals(0, j.offset());
        assertEquals(GIB, j.offsetIncrement());
        assertEquals(0, j.skip());
        assertEquals(GIB, j.region());
        assertEquals(GIB, j.ioBytes());
        assertEquals(0.0, j.timeBasedSeconds());
        assertEquals(JobSpec.Engine.LIBAIO, j.engine());
        assertEquals(1, j.iodepth());
        assertTrue(j.direct());
        assertFalse(j.dsync());
        assertEquals(Workload.FileSharing.ONE_SHARED_FILE, w.files());
        assertEquals(InitialLayout.pattern("W U U W"), w.initialLayout());
        assertEquals(List.of(1, 2, 4, 8, 16, 32), SeedWorkloads.jobCounts("seed000-test1"));
        assertEquals(List.of(), w.warnings());
        // Fixed work: at 32 jobs 32 x 1 GiB / 8 KiB = 4,194,304 I/Os (timing-notes §0).
        assertEquals(4_194_304L, 32 * j.ioBytes() / j.blockSizes().smallestWrite());
    }

    @Test
    void seed000Test2() {
        Workload w = SeedWorkloads.get("seed000-test2");
        JobSpec j = w.job();
        assertEquals(BlockSizes.fixed(14336), j.blockSizes());
        assertEquals(512, j.offset());
        assertEquals(2048, j.skip());
        assertEquals(16384, j.blockSizes().smallestWrite() + j.skip()); // one write per 16 KiB stripe
        assertEquals(GIB, j.offsetIncrement());
        assertEquals(JobSpec.Engine.LIBAIO, j.engine());
        assertTrue(j.direct());
        assertEquals(Workload.FileSharing.ONE_SHARED_FILE, w.files());
        assertEquals(InitialLayout.pattern("W U U W"), w.initialLayout());
    }

    @Test
    void seed000StripeIsALayoutTheEngineReads() throws Exception {
        Layout stripe = Layout.parse(SeedWorkloads.get("seed000-test2").initialLayout().stripe());
        assertEquals(4, stripe.blocks()); // 16 KiB of 4 KiB blocks
        // Test 2's write [512, 14848): head block 0 and tail block 3 written, the middle unwritten.
        assertEquals(BlockState.WRITTEN, stripe.stateAt(512 / 4096));
        assertEquals(BlockState.UNWRITTEN, stripe.stateAt(1));
        assertEquals(BlockState.UNWRITTEN, stripe.stateAt(2));
        assertEquals(BlockState.WRITTEN, stripe.stateAt((512 + 14336 - 1) / 4096));
    }

    @Test
    void seed001IsJanKarasFileVerbatim() throws IOException {
        try (InputStream in = SeedWorkloadsTest.class.getResourceAsStream("/fio/seed001-jan-kara.fio")) {
            assertNotNull(in);
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), SeedWorkloads.source("seed001.fio"));
        }
        Workload w = SeedWorkloads.get("seed001-randrw");
        assertEquals(16, w.jobs());
        assertEquals(JobSpec.Pattern.RANDOM, w.job().pattern());
        assertEquals(50, w.job().readPercent());
        assertEquals(JobSpec.Engine.PSYNC, w.job().engine());
        assertTrue(w.job().direct());
        assertEquals(120.0, w.job().timeBasedSeconds());
        assertEquals(new Workload.FileSharing(true, 32), w.files());
        assertEquals(16 * GIB / 32, w.job().region());
        assertEquals(InitialLayout.WRITTEN, w.initialLayout());
        assertEquals(List.of(16), SeedWorkloads.jobCounts("seed001-randrw"));
        assertTrue(w.warnings().stream().anyMatch(s -> s.startsWith("ramp_time=30")));
    }

    @Test
    void seed002Columns() {
        for (int t = 1; t <= 4; t++) {
            Workload buffered = SeedWorkloads.get("seed002-table" + t);
            Workload wt = SeedWorkloads.get("seed002-table" + t + "-writethrough");
            assertFalse(buffered.job().writethrough());
            assertFalse(buffered.job().noserial());
            assertTrue(wt.job().writethrough());
            assertTrue(wt.job().noserial());
            assertEquals(buffered.job().pattern(), wt.job().pattern());
            assertEquals(buffered.initialLayout(), wt.initialLayout());
            assertEquals(buffered.files(), wt.files());
            for (Workload w : List.of(buffered, wt)) {
                assertEquals(JobSpec.Engine.LIBAIO, w.job().engine());
                assertEquals(32, w.job().iodepth());
                assertFalse(w.job().direct());
                assertEquals(0, w.job().readPercent());
                assertEquals(0.0, w.job().timeBasedSeconds());
            }
        }
    }

    @Test
    void seed002Table1() {
        Workload w = SeedWorkloads.get("seed002-table1");
        assertEquals(JobSpec.Pattern.SEQUENTIAL, w.job().pattern());
        assertEquals(BlockSizes.fixed(4096), w.job().blockSizes());
        assertTrue(w.job().dsync());
        assertEquals(InitialLayout.EMPTY, w.initialLayout()); // extending writes (fallocate=none assumed)
        assertEquals(Workload.FileSharing.ONE_SHARED_FILE, w.files()); // "All writers on single file"
        assertEquals(2 * GIB, w.job().region()); // assumed
        assertEquals(List.of(1, 2, 4, 8, 16), SeedWorkloads.jobCounts("seed002-table1"));
        assertTrue(w.warnings().stream().anyMatch(s -> s.contains("'--sync=dsync--file_append=1'")));
        assertEquals(8, SeedWorkloads.get("seed002-table1").withJobs(8).jobs());
    }

    @Test
    void seed002Tables2To4() {
        Workload t2 = SeedWorkloads.get("seed002-table2");
        assertEquals(JobSpec.Pattern.RANDOM, t2.job().pattern());
        assertEquals(BlockSizes.fixed(4096), t2.job().blockSizes());
        assertEquals(2 * GIB, t2.job().region());
        assertTrue(t2.job().dsync());
        assertEquals(InitialLayout.WRITTEN, t2.initialLayout());
        assertEquals(Workload.FileSharing.ONE_SHARED_FILE, t2.files());

        Workload t3 = SeedWorkloads.get("seed002-table3");
        assertEquals(Workload.FileSharing.OWN_FILE, t3.files());
        assertEquals(2 * GIB, t3.job().region());
        assertTrue(t3.job().dsync());
        assertEquals(InitialLayout.WRITTEN, t3.initialLayout());
        assertEquals(List.of(1, 2, 4, 8), SeedWorkloads.jobCounts("seed002-table3"));

        Workload t4 = SeedWorkloads.get("seed002-table4");
        assertEquals(BlockSizes.fixed(16384), t4.job().blockSizes());
        assertEquals(5 * GIB, t4.job().region());
        assertFalse(t4.job().dsync());
        assertEquals(InitialLayout.WRITTEN, t4.initialLayout());
        assertEquals(Workload.FileSharing.ONE_SHARED_FILE, t4.files());
        assertEquals(new SyncFileRange(true, true, false, 16), t4.job().syncFileRange());
        assertFalse(t4.warnings().stream().anyMatch(s -> s.startsWith("sync_file_range")), "modelled: no warning");
    }

    @Test
    void seed004() {
        for (String name : List.of("seed004-512", "seed004-4k")) {
            Workload w = SeedWorkloads.get(name);
            JobSpec j = w.job();
            assertEquals(JobSpec.Pattern.RANDOM, j.pattern(), name);
            assertEquals(50, j.readPercent(), name);
            assertEquals(JobSpec.Engine.LIBAIO, j.engine(), name);
            assertEquals(32, j.iodepth(), name);
            assertTrue(j.direct(), name);
            assertEquals(30.0, j.timeBasedSeconds(), name);
            assertEquals(InitialLayout.WRITTEN, w.initialLayout(), name);
            assertEquals(1, w.jobs(), name);
            assertEquals(List.of(), w.warnings(), name);
        }
        assertEquals(BlockSizes.fixed(512), SeedWorkloads.get("seed004-512").job().blockSizes());
        assertEquals(512, SeedWorkloads.get("seed004-512").job().alignment());
        assertEquals(BlockSizes.fixed(4096), SeedWorkloads.get("seed004-4k").job().blockSizes());
    }

    @Test
    void unknownNameSuggestsTheClosest() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SeedWorkloads.get("seed000-tset1"));
        assertTrue(e.getMessage().startsWith("unknown seed workload \"seed000-tset1\"; did you mean \"seed000-test1\"?"),
                e.getMessage());
        IllegalArgumentException far = assertThrows(IllegalArgumentException.class,
                () -> SeedWorkloads.get("completely different"));
        assertFalse(far.getMessage().contains("did you mean"), far.getMessage());
        assertTrue(far.getMessage().contains("(known: seed000-test1"), far.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SeedWorkloads.jobCounts("seed002-table5"));
    }
}

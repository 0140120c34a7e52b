package org.locktable.timing.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.locktable.engine.names.DidYouMean;
import org.junit.jupiter.api.Test;
import org.locktable.timing.fio.FioParseException;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/** The runtime side of {@code @Workload} / {@code @ExpectSpeedup} and {@code locktable simulate}. */
class CheckTest {
    private static final TimingSpec SEED000 = TimingSpec.of("seed000-vm", "seed000-test1", "", List.of(1, 8),
            List.of("ext4-base", "ext4-patch1"), 1, 256);

    @Test
    void fixedWorkIsCutNeverGrown() {
        Workload full = SeedWorkloads.get("seed000-test1");
        Workload cut = TimingSpec.scale(full, 256);
        assertEquals(256L * 8192, cut.job().ioBytes());
        assertEquals(full.job().region(), cut.job().region(), "the file layout stays the seed's");
        assertSame(full, TimingSpec.scale(full, 0));
        assertSame(full, TimingSpec.scale(full, 1 << 30), "more than the workload has: unchanged");
    }

    @Test
    void timeBasedBecomesFixedWork() {
        Workload w = TimingSpec.scale(SeedWorkloads.get("seed004-4k"), 100);
        assertEquals(0, w.job().timeBasedSeconds());
        assertEquals(100L * 4096, w.job().ioBytes());
        TimingSpec full = TimingSpec.of("seed004-vm", "seed004-4k", "", List.of(1), List.of("xfs-dio"), 1, 0);
        assertEquals(-1, full.estimatedIos(), "time based at full size: unknown");
        assertEquals((1 + 8) * 256L * 2, SEED000.estimatedIos());
    }

    @Test
    void inlineFioOptionsWithOrWithoutDashes() {
        Workload a = TimingSpec.inlineFio("rw=write bs=8k ioengine=libaio iodepth=1 size=64m", "x");
        Workload b = TimingSpec.inlineFio("--rw=write --bs=8k --ioengine=libaio --iodepth=1 --size=64m", "x");
        assertEquals(a.job(), b.job());
        assertEquals("x", a.name());
        assertEquals(JobSpec.Engine.LIBAIO, a.job().engine());
        FioParseException e = assertThrows(FioParseException.class, () -> TimingSpec.inlineFio("bs=8q", "x"));
        assertEquals("argument '--bs=8q'", e.location());
        assertThrows(FioParseException.class, () -> TimingSpec.inlineFio("  ", "x"));
    }

    @Test
    void tableTextIsTheSeedsShapeAndDeterministic() {
        TimingTable t = SEED000.run();
        String text = t.text();
        assertTrue(text.startsWith("  JOBS    ext4-base    ext4-patch1    speedup\n"
                + "  ----    ---------    -----------    -------\n     1 "), text);
        assertEquals(4, text.lines().count());
        assertEquals(text, SEED000.run().text(), "same spec, same table");
        assertEquals(t.iops("ext4-patch1", 8) / t.iops("ext4-base", 8), t.speedup("ext4-patch1", "ext4-base", 8), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> t.cell("ext4-base", 4));
    }

    @Test
    void speedupCheckPassesAndFailsWithTheTable() {
        SpeedupCheck.expect("s", SEED000, "ext4-patch1", "ext4-base", 8, 1.2, Double.POSITIVE_INFINITY, "r");
        AssertionError e = assertThrows(AssertionError.class,
                () -> SpeedupCheck.expect("s", SEED000, "ext4-patch1", "ext4-base", 8, 10, 20, "mvn test -Dtest=X#y"));
        assertTrue(e.getMessage().startsWith("s: ext4-patch1 over ext4-base at 8 jobs on seed000-vm (seed000-test1): "
                + "expected within 10x..20x, simulated "), e.getMessage());
        assertTrue(e.getMessage().contains("(below 10 over the whole band)\nsimulated table:\n  JOBS "), e.getMessage());
        assertTrue(e.getMessage().contains(", dominant "), "the band and its dominant parameter: " + e.getMessage());
        assertTrue(e.getMessage().endsWith("rerun: mvn test -Dtest=X#y"), e.getMessage());
        assertSame(SpeedupCheck.table(SEED000), SpeedupCheck.table(SEED000), "simulated once");
    }

    @Test
    void boundsText() {
        assertEquals("at least 1.5x", SpeedupCheck.describe(1.5, Double.POSITIVE_INFINITY));
        assertEquals("within 1.4x..2.2x", SpeedupCheck.describe(1.4, 2.2));
        assertEquals("within 1x..2x", SpeedupCheck.describe(1, 2));
        assertNull(SpeedupCheck.problem(1.5, 1.5, 1.5));
        assertEquals("above 2", SpeedupCheck.problem(2.5, 1, 2));
    }

    @Test
    void publishedCellsOfTheSeedTableAsIops() {
        Map<String, Map<Integer, Double>> p = Published.iops(SEED000);
        assertEquals(Map.of(1, 42322.0, 8, 58701.0), p.get("ext4-base"));
        assertEquals(Map.of(1, 43329.0, 8, 110819.0), p.get("ext4-patch1"));
        // seed 004: the READ and WRITE lines (296 MiB/s each) at 4 KiB: about 150k IOPS, for xfs-dio
        TimingSpec s4 = TimingSpec.of("seed004-vm", "seed004-4k", "", List.of(1), List.of("xfs-dio-v5.11", "xfs-dio"), 1,
                64);
        assertEquals(Map.of("xfs-dio", Map.of(1, 2 * 296 * 256.0)), Published.iops(s4));
        // another device, or inline fio: nothing published
        assertEquals(Map.of(), Published.iops(TimingSpec.of("local-loop", "seed000-test1", "", List.of(1),
                List.of("ext4-base"), 1, 64)));
        assertEquals(List.of("seed 000 Test 1 (aligned 8K, W U U W): base = ext4-base, +patch 1 = ext4-patch1"),
                Published.sources(SEED000));
    }

    @Test
    void namesAndProfiles() {
        assertEquals("seed000-vm", DidYouMean.closest("seed000-mv", TimingProfiles.names()).orElse(null));
        assertNull(DidYouMean.closest("zfs-on-a-raspberry", TimingProfiles.names()).orElse(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimingProfiles.get("seed04-vm"));
        assertTrue(e.getMessage().startsWith("unknown device profile \"seed04-vm\"; did you mean \"seed004-vm\"?"),
                e.getMessage());
        assertTrue(TimingProfiles.find("nope").isEmpty());
    }
}

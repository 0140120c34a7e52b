package org.locktable.timing.interval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.timing.check.Band;
import org.locktable.timing.check.TimingTable;
import org.locktable.timing.profile.ParameterRange;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.workload.Workload;

class IntervalsTest {

    @Test
    void aLatinHypercubeColumnHasOnePointInEachStratum() {
        for (int n : new int[] {1, 2, 7, 64}) {
            double[] u = LatinHypercube.column(n, 1, "device.latencyNs");
            int[] seen = new int[n];
            for (double x : u) {
                assertTrue(x >= 0 && x < 1, Double.toString(x));
                seen[(int) (x * n)]++;
            }
            int[] once = new int[n];
            Arrays.fill(once, 1);
            assertArrayEquals(once, seen, "n = " + n);
        }
        assertArrayEquals(LatinHypercube.column(64, 3, "a"), LatinHypercube.column(64, 3, "a"), "seeded");
        assertTrue(!Arrays.equals(LatinHypercube.column(64, 3, "a"), LatinHypercube.column(64, 3, "b")),
                "each dimension its own permutation");
    }

    @Test
    void aWideRangeIsDrawnInItsLogarithmAFlagAtItsEnds() {
        ParameterRange wide = new ParameterRange("p", "device.latencyNs", 20e3, 1e6, "test");
        assertEquals(Math.sqrt(20e3 * 1e6), Intervals.value(wide, "ns", 0.5), 1e-6);
        ParameterRange narrow = new ParameterRange("p", "cost.thinkNs", 750, 2250, "test");
        assertEquals(1125, Intervals.value(narrow, "ns", 0.25), 1e-9);
        ParameterRange cv = new ParameterRange("p", "device.serviceCv", 0, 1, "test");
        assertEquals(0.75, Intervals.value(cv, "", 0.736), 1e-12, "a cv falls on the 0.05 grid");
        assertEquals(0.25, Intervals.value(new ParameterRange("p", "cost.cv", 0.2, 0.3, "test"), "", 0.4), 1e-12);
        ParameterRange flag = new ParameterRange("p", "device.writeCache", 0, 1, "test");
        assertEquals(0, Intervals.value(flag, "flag", 0.49));
        assertEquals(1, Intervals.value(flag, "flag", 0.5));
    }

    @Test
    void percentilesInterpolateAndSpearmanSeesAMonotoneRelation() {
        double[] sorted = {0, 1, 2, 3, 4};
        assertEquals(0.2, Intervals.percentile(sorted, 0.05), 1e-12);
        assertEquals(3.8, Intervals.percentile(sorted, 0.95), 1e-12);
        assertEquals(1, Intervals.spearman(new double[] {1, 2, 3}, new double[] {1, 4, 9}), 1e-12);
        assertEquals(-1, Intervals.spearman(new double[] {1, 2, 3}, new double[] {9, 4, 1}), 1e-12);
        assertEquals(0, Intervals.spearman(new double[] {1, 2, 3}, new double[] {5, 5, 5}));
    }

    @Test
    void theModelErrorIsTheFitsOwnOrThePooledOne() {
        ModelError own = ModelError.of("seed000-vm");
        assertTrue(own.own(), own.toString());
        assertEquals(List.of("seed000-vm"), own.from());
        ModelError pooled = ModelError.of("nvme");
        assertEquals(List.of("seed000-vm", "seed002-pm173x"), pooled.from());
        assertTrue(pooled.rms() > own.rms(), "seed002's fit misses by more: " + pooled);
        assertEquals(0, own.lnError(0.5), 1e-12);
        assertTrue(own.lnError(0.95) > own.sigma() * 1.645, "Student's t is wider than the normal");
    }

    @Test
    void aDeviceClassIntervalContainsItsPredictionAndNamesWhatMovesIt() {
        Profile p = Profiles.get("virtio-vm");
        Workload w = TimingSpec.scale(SeedWorkloads.get("seed000-test1"), 256);
        TimingTable t = TimingTable.run("virtio-vm", "seed000-test1", p.device(), p.cost(), w,
                List.of("ext4-base", "ext4-patch1"), List.of(1, 8), 1, null);
        Intervals i = Intervals.run("virtio-vm", t, w, 1, ModelError.of("virtio-vm"));
        for (int n : List.of(1, 8)) {
            Band b = i.iops("ext4-base", n);
            assertTrue(b.low() < b.nominal() && b.nominal() <= b.high(), b.toString());
            // the class spans a host SATA SSD to the host's page cache
            assertTrue(b.high() / b.low() > 2, b.toString());
            assertTrue(b.dominant().startsWith("device."), b.toString());
        }
        assertTrue(i.text("virtio-vm").startsWith("interval  90 % over 64 Latin hypercube draws (seed 1) of "),
                i.text("virtio-vm"));
    }
}

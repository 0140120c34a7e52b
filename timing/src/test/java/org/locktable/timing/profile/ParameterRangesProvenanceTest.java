package org.locktable.timing.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The ranges of {@code parameter-ranges.tsv} that are computed from committed values say so in their provenance;
 * these tests recompute them, so a refit that moves those values cannot leave a stale range behind.
 */
@DisplayName("parameter-ranges.tsv: the ranges derived from committed values still follow them")
class ParameterRangesProvenanceTest {

    private static ParameterRange range(String profile, String param) {
        return ParameterRanges.of(profile).stream().filter(r -> r.parameter().equals(param)).findFirst()
                .orElseThrow();
    }

    /** seed000-vm's device.latencyNs over the committed fit and every calibrated alternative. */
    private static double[] seed000Latencies() {
        double lo = FittedValues.of(Profiles.SEED000_VM).get("device.latencyNs");
        double hi = lo;
        for (FittedValues.Alternative a : FittedValues.alternatives()) {
            Double l = a.values().get("device.latencyNs");
            if (a.profile().equals(Profiles.SEED000_VM) && l != null) {
                lo = Math.min(lo, l);
                hi = Math.max(hi, l);
            }
        }
        return new double[] {lo, hi};
    }

    @Test
    @DisplayName("seed004-vm's latency spans seed000-vm's committed fit and alternatives")
    void seed004Latency() {
        double[] span = seed000Latencies();
        ParameterRange r = range(Profiles.SEED004_VM, "device.latencyNs");
        assertEquals(Math.round(span[0]), r.low(), 0.5);
        assertEquals(Math.round(span[1]), r.high(), 0.5);
        assertTrue(r.provenance().contains(Math.round(span[0]) + ".." + Math.round(span[1]) + " ns"), r.provenance());
    }

    @Test
    @DisplayName("seed000-vm's RMW: perCommandNs + 4 KiB at the fitted bandwidth + the highest latency")
    void seed000Rmw() {
        double perCommand = Profiles.spec(Profiles.SEED000_VM).def("device.perCommandNs").value();
        double read = 4096 / FittedValues.of(Profiles.SEED000_VM).get("device.bytesPerSecond") * 1e9;
        long expected = Math.round(perCommand + read + seed000Latencies()[1]);
        ParameterRange r = range(Profiles.SEED000_VM, "device.rmwNs");
        assertEquals(0, r.low());
        assertEquals(expected, r.high(), 1.0, "perCommand " + perCommand + " + " + read + " + " + seed000Latencies()[1]);
        assertTrue(r.provenance().endsWith("= " + expected + " ns"), r.provenance());
    }

    @Test
    @DisplayName("seed004-vm's RMW: its fitted perCommandNs + the top of its latency range")
    void seed004Rmw() {
        double perCommand = FittedValues.of(Profiles.SEED004_VM).get("device.perCommandNs");
        long expected = Math.round(perCommand + range(Profiles.SEED004_VM, "device.latencyNs").high());
        ParameterRange r = range(Profiles.SEED004_VM, "device.rmwNs");
        assertEquals(expected, r.high(), 1.0);
        assertTrue(r.provenance().endsWith("= " + expected + " ns"), r.provenance());
    }
}

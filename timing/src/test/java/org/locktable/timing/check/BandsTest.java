package org.locktable.timing.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.profile.ParameterRange;
import org.locktable.timing.profile.ParameterRanges;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;

@DisplayName("Bands: parameter ranges, one-at-a-time sweeps and seeded draws; @ExpectSpeedup verdicts")
class BandsTest {
    private static final TimingSpec SEED000 = TimingSpec.of("seed000-vm", "seed000-test1", "", List.of(1, 8),
            List.of("ext4-base", "ext4-patch1"), 1, 256);

    @Test
    @DisplayName("every range names a parameter of its profile, holds the committed value and says where it comes from")
    void rangesAreWellFormed() {
        assertFalse(ParameterRanges.all().isEmpty());
        for (ParameterRange r : ParameterRanges.all()) {
            Profile p = Profiles.get(r.profile());
            double v = p.value(r.parameter());
            assertTrue(r.low() <= v && v <= r.high(), r + ": committed " + v);
            assertFalse(r.provenance().isBlank());
            assertEquals(r.high(), ParameterRanges.with(r.profile(), java.util.Map.of(r.parameter(), r.high()))
                    .value(r.parameter()));
        }
    }

    @Test
    @DisplayName("the band holds the committed prediction, is reproducible, and names a ranged parameter as dominant")
    void bandsAreReproducible() {
        TimingTable t = SEED000.run();
        Bands a = Bands.run("seed000-vm", t, SEED000.simulatedWorkload(), 1);
        Bands b = Bands.run("seed000-vm", t, SEED000.simulatedWorkload(), 1);
        List<String> ranged = a.ranges().stream().map(ParameterRange::parameter).toList();
        for (int n : t.jobs()) {
            for (String p : t.policies()) {
                Band x = a.iops(p, n);
                assertEquals(x, b.iops(p, n), "same seed, same band");
                assertTrue(x.low() <= x.nominal() && x.nominal() <= x.high());
                assertEquals(t.iops(p, n), x.nominal());
                assertTrue(x.dominant().equals(Band.NONE) || ranged.contains(x.dominant()), x.dominant());
            }
            Band s = a.speedup("ext4-patch1", "ext4-base", n);
            assertTrue(s.low() <= s.nominal() && s.nominal() <= s.high());
        }
        assertTrue(a.iops("ext4-base", 1).high() > a.iops("ext4-base", 1).low(), "seed000-vm's ranges move 1 job");
    }

    @Test
    @DisplayName("a profile without ranges gives one-point bands")
    void noRangesNoBand() {
        TimingSpec spec = TimingSpec.of("local-loop", "seed000-test1", "", List.of(1), List.of("ext4-base"), 1, 64);
        Bands b = Bands.run("local-loop", spec.run(), spec.simulatedWorkload(), 1);
        Band x = b.iops("ext4-base", 1);
        assertEquals(x.low(), x.high());
        assertEquals(Band.NONE, x.dominant());
    }

    @Test
    @DisplayName("@ExpectSpeedup over a band: pass inside, fail outside, warn when it straddles a bound")
    void verdicts() {
        Band b = new Band(1.2, 1.1, 1.3, "cost.cv", 0.1);
        assertEquals(SpeedupCheck.Verdict.PASS, SpeedupCheck.verdict(b, 1.05, Double.POSITIVE_INFINITY));
        assertEquals(SpeedupCheck.Verdict.FAIL, SpeedupCheck.verdict(b, 1.5, Double.POSITIVE_INFINITY));
        assertEquals(SpeedupCheck.Verdict.WARN, SpeedupCheck.verdict(b, 1.15, Double.POSITIVE_INFINITY));
        assertEquals(SpeedupCheck.Verdict.WARN, SpeedupCheck.verdict(b, 1.0, 1.25));
        assertEquals(SpeedupCheck.Verdict.FAIL, SpeedupCheck.verdict(b, 0, 1.0));
        assertEquals(SpeedupCheck.Verdict.FAIL, SpeedupCheck.verdict(Band.point(Double.NaN), 0, 10));
        assertEquals(SpeedupCheck.Verdict.PASS, SpeedupCheck.verdict(Band.point(1.2), 1.2, 1.2));
        assertEquals("1.20x (band 1.10x..1.30x, dominant cost.cv)", SpeedupCheck.bandText(b));
    }
}

package org.locktable.timing.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Nvme;
import org.locktable.timing.device.Simple;

@DisplayName("Profiles: every profile builds, every parameter has a value and a provenance")
class ProfilesTest {

    @Test
    @DisplayName("the five named profiles, with the device types the seeds call for, then the device classes")
    void names() {
        assertEquals(List.of("seed000-vm", "seed001-pmem", "seed002-pm173x", "seed004-vm", "local-loop", "hdd-7200",
                "sata-ssd", "nvme", "virtio-vm", "pmem", "loop-tmpfs"), Profiles.names());
        assertInstanceOf(Simple.class, Profiles.get("seed000-vm").device());
        assertInstanceOf(Simple.class, Profiles.get("seed001-pmem").device());
        assertInstanceOf(Nvme.class, Profiles.get("seed002-pm173x").device());
        assertInstanceOf(Simple.class, Profiles.get("seed004-vm").device());
        assertInstanceOf(Simple.class, Profiles.get("local-loop").device());
    }

    @Test
    @DisplayName("every record component of the device and of CostModel has exactly one parameter with provenance")
    void everyParameterHasProvenance() throws Exception {
        for (String name : Profiles.names()) {
            Profile p = Profiles.get(name);
            Set<String> expected = new TreeSet<>();
            for (RecordComponent rc : p.device().getClass().getRecordComponents()) {
                expected.add("device." + rc.getName());
            }
            for (RecordComponent rc : CostModel.class.getRecordComponents()) {
                expected.add("cost." + rc.getName());
            }
            assertEquals(expected, new TreeSet<>(p.provenance().keySet()), name);
            assertEquals(expected.size(), p.params().size(), name + ": no duplicates");
            for (Param prm : p.params()) {
                String prov = p.provenance().get(prm.name());
                assertFalse(prov.isBlank(), name + " " + prm.name());
                String tag = prm.source().name().toLowerCase(java.util.Locale.ROOT);
                assertTrue(prov.startsWith(tag), name + " " + prm.name() + ": " + prov);
                switch (prm.source()) {
                    case ASSUMED:
                        assertTrue(prov.startsWith("assumed: ") && prov.length() > 20, prov);
                        break;
                    case FITTED:
                        assertTrue(prov.contains("seed 0") || prov.contains("characterisation"),
                                name + " " + prm.name() + " names no cells or measurement: " + prov);
                        break;
                    case DERIVED:
                        assertTrue(prov.matches("derived: .*(seed|local)\\S* \\S+.*"), prov);
                        break;
                    default:
                        break;
                }
                // the value is the one the device / cost model carries
                String component = prm.name().substring(prm.name().indexOf('.') + 1);
                Object owner = prm.name().startsWith("device.") ? p.device() : p.cost();
                Object actual = owner.getClass().getMethod(component).invoke(owner);
                assertEquals(prm.value(), ((Number) (actual instanceof Boolean b ? (b ? 1 : 0) : actual))
                        .doubleValue(), Math.abs(prm.value()) * 1e-9 + 1e-9, name + " " + prm.name());
            }
        }
    }

    @Test
    @DisplayName("FittedValues commits exactly the fitted parameters of each specification, and the measured ones a "
            + "live run commits with them")
    void committedValuesMatchSpecs() {
        for (String name : Profiles.names()) {
            ProfileSpec s = Profiles.spec(name);
            Set<String> fitted = new TreeSet<>();
            s.fitted().forEach(d -> fitted.add(d.name()));
            s.defs().stream().filter(d -> d.source() == Param.Source.MEASURED && Double.isNaN(d.value()))
                    .forEach(d -> fitted.add(d.name()));
            assertEquals(fitted, new TreeSet<>(FittedValues.of(name).keySet()), name);
            for (ProfileSpec.Def d : s.fitted()) {
                double v = FittedValues.of(name).get(d.name());
                assertTrue(v >= d.lower() && v <= d.upper(), name + " " + d.name() + " = " + v + " outside its bounds");
            }
        }
    }

    @Test
    @DisplayName("the seed-000 VM disk: capacity near the seed's ~1 GB/s, latency a few µs (not a mechanical disk)")
    void seed000Physics() {
        Simple d = (Simple) Profiles.get("seed000-vm").device();
        double service8k = d.serviceNs(8192, false);
        assertTrue(service8k > 7_000 && service8k < 10_000, "8 KiB service " + service8k);
        assertTrue(d.latencyNs() < 50_000, "latency " + d.latencyNs());
        CostModel c = Profiles.get("seed000-vm").cost();
        // the base column's plateau (58.6k to 60.9k IOPS at 8 to 32 jobs) is bound by the exclusive lock: between
        // every writer sleeping and paying h under it, and none (spinners and stealers take it with no wake-up)
        double asleep = 1e9 / (c.lockedNs() + c.relockNs() + c.handoffNs());
        double spun = 1e9 / (c.lockedNs() + c.relockNs());
        assertTrue(asleep > 30_000 && asleep < 58_000, "lock bound, every waiter asleep: " + asleep);
        assertTrue(spun > 61_000 && spun < 200_000, "lock bound, no hand-off: " + spun);
    }

    @Test
    @DisplayName("derived parameters follow the profile they come from")
    void derived() {
        Profile s000 = Profiles.get("seed000-vm");
        Profile s004 = Profiles.get("seed004-vm");
        assertEquals(((Simple) s000.device()).latencyNs(), ((Simple) s004.device()).latencyNs(), 1e-9);
        assertEquals(s000.cost().handoffNs(), Profiles.get("seed001-pmem").cost().handoffNs(), 1e-9);
        Profile local = Profiles.get("local-loop");
        double scale = local.cost().thinkNs() / s000.cost().thinkNs();
        assertEquals(s000.cost().lockedNs() * scale, local.cost().lockedNs(), 1e-6 * local.cost().lockedNs());
    }

    @Test
    @DisplayName("an unknown name fails with 'did you mean' and the list")
    void unknown() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profiles.get("seed000vm"));
        assertTrue(e.getMessage().contains("did you mean \"seed000-vm\""), e.getMessage());
        assertTrue(e.getMessage().contains("local-loop"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Profiles.get("seed2-pm1733"));
        assertTrue(e.getMessage().contains("did you mean \"seed002-pm173x\""), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Profiles.get(null));
    }

    @Test
    @DisplayName("a specification refuses a parameter that is not a component, and a missing fitted value")
    void specChecks() {
        ProfileSpec s = Profiles.spec("seed004-vm");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.build(Map.of()));
        assertTrue(e.getMessage().contains("device.perCommandNs"), e.getMessage());
        ProfileSpec pinned = s.with("device.perCommandNs", Param.Source.MEASURED, 5_000, "pinned for the test");
        assertEquals(5_000, ((Simple) pinned.build(Map.of()).device()).perCommandNs());
        assertThrows(IllegalArgumentException.class, () -> s.with("device.nope", Param.Source.ASSUMED, 1, "x"));
        assertThrows(IllegalArgumentException.class, () -> new Param("latency", 1, "ns", Param.Source.ASSUMED, "x"));
        assertThrows(IllegalArgumentException.class, () -> new Param("cost.cv", 1, "", Param.Source.ASSUMED, " "));
    }

    @Test
    @DisplayName("a measured value committed with the fitted ones: required, and a live run's own measurement wins")
    void measuredCommitted() {
        ProfileSpec s = Profiles.spec(Profiles.LOCAL_LOOP);
        Map<String, Double> fitted = new java.util.HashMap<>(FittedValues.of(Profiles.LOCAL_LOOP));
        fitted.remove("cost.wakeNs");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.build(fitted));
        assertTrue(e.getMessage().contains("no committed value for measured parameter cost.wakeNs"), e.getMessage());
        ProfileSpec measured = s.with("cost.wakeNs", Param.Source.MEASURED, 1_234, "this run");
        assertEquals(1_234, measured.build(FittedValues.of(Profiles.LOCAL_LOOP)).cost().wakeNs());
        assertEquals(FittedValues.of(Profiles.LOCAL_LOOP).get("cost.wakeNs"), s.build().cost().wakeNs());
    }
}

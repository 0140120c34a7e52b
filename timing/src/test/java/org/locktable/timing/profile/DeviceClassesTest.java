package org.locktable.timing.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.locktable.timing.device.Device;
import org.locktable.timing.device.Rotational;

/**
 * The device classes: every one builds, every device parameter says where it comes from, a published one has a range
 * that holds its value, and the ranges are the class's bands. What one request costs on an idle device is checked
 * against what the classes' sources publish for a queue-depth-1 4 KiB write, and a 7200 rpm disk without its write
 * cache against physics (an average seek and half a revolution per random write).
 */
class DeviceClassesTest {
    private static final List<String> CLASSES = List.of(DeviceClasses.HDD_7200, DeviceClasses.SATA_SSD,
            DeviceClasses.NVME, DeviceClasses.VIRTIO_VM, DeviceClasses.PMEM, DeviceClasses.LOOP_TMPFS);

    @Test
    void everyClassBuildsAndEveryParameterHasASource() {
        assertTrue(Profiles.names().containsAll(CLASSES), Profiles.names().toString());
        for (String c : CLASSES) {
            Profile p = Profiles.get(c);
            for (Param param : p.params()) {
                assertTrue(param.source() != Param.Source.FITTED, c + " " + param.name() + ": a class fits nothing");
                assertTrue(param.provenance().length() > 20, c + " " + param.name() + ": " + param.provenance());
            }
            for (ProfileSpec.Def d : Profiles.spec(c).defs()) {
                if (d.source() == Param.Source.PUBLISHED) {
                    assertTrue(d.lower() <= d.value() && d.value() <= d.upper(), c + " " + d.name());
                }
            }
        }
    }

    @Test
    void publishedRangesAreTheClassesBands() {
        List<ParameterRange> nvme = ParameterRanges.of(DeviceClasses.NVME);
        assertTrue(nvme.stream().anyMatch(r -> r.parameter().equals("device.writeNs") && r.low() == 5e3
                && r.high() == 30e3), nvme.toString());
        assertTrue(ParameterRanges.of(DeviceClasses.LOOP_TMPFS).stream()
                .anyMatch(r -> r.parameter().equals("device.latencyNs")));
    }

    /** The mean of 1000 4 KiB writes, each submitted when the one before completed (queue depth 1), µs. */
    private static double qd1WriteMicros(String profile) {
        Device.Queue q = Profiles.get(profile).device().open(1);
        long now = 0;
        for (int i = 0; i < 1000; i++) {
            now = q.submit(now, (1L << 30) + i * 4096L, 4096, true, false, 0);
        }
        return now / 1000.0 / 1000;
    }

    @Test
    void aQueueDepthOneWriteTakesWhatTheSourcesPublish() {
        assertInside(qd1WriteMicros(DeviceClasses.SATA_SSD), 15, 60, "SATA SSD: 24 µs (860 EVO), 37 µs (D3-S4510)");
        assertInside(qd1WriteMicros(DeviceClasses.NVME), 8, 35, "NVMe: 10-30 µs into the drive's cache");
        assertInside(qd1WriteMicros(DeviceClasses.VIRTIO_VM), 5, 100, "virtio-blk: a few µs into the host's page "
                + "cache to tens of µs written through to its SSD");
        assertInside(qd1WriteMicros(DeviceClasses.PMEM), 0.3, 3, "pmem: a 4 KiB copy at 2-13 GB/s");
    }

    /** Random writes of {@code bytes} a second on {@code disk} at queue depth 1. */
    private static double randomWritesPerSecond(Rotational disk, long bytes) {
        Device.Queue q = disk.open(1);
        SplittableRandom random = new SplittableRandom(7);
        long now = 0;
        int writes = 2000;
        for (int i = 0; i < writes; i++) {
            long offset = random.nextLong(500L << 30) / 4096 * 4096;
            now = q.submit(now, offset, bytes, true, false, 0);
        }
        return writes / (now / 1e9);
    }

    @Test
    void a512eDiskReadsASectorItWritesInPartAndWaitsARevolution() {
        Rotational disk = ((Rotational) Profiles.get(DeviceClasses.HDD_7200).device()).withWriteCache(false);
        assertTrue(disk.emulated512(), "512e is the class's typical drive");
        double aligned = randomWritesPerSecond(disk, 4096);
        double partial = randomWritesPerSecond(disk, 512);
        // 1 / (8.5 ms seek + 4.17 ms half a revolution + 8.33 ms the revolution back to the sector read) = 48
        assertInside(partial, 35, 65, "512-byte random writes a second on 512e, write cache off");
        assertTrue(aligned > 1.4 * partial, aligned + " against " + partial);
        double native512 = randomWritesPerSecond(disk.withEmulated512(false), 512);
        assertTrue(native512 > 1.4 * partial, "512n writes 512 bytes in place: " + native512);
    }

    @Test
    void aDiskWithoutItsWriteCachePaysASeekAndHalfARevolutionPerRandomWrite() {
        Rotational disk = ((Rotational) Profiles.get(DeviceClasses.HDD_7200).device()).withWriteCache(false);
        double iops = randomWritesPerSecond(disk, 4096);
        // 1 / (8.5 ms average seek + 4.17 ms rotational latency) = 79 random writes a second, about
        assertInside(iops, 60, 110, "random 4 KiB writes a second, write cache off");
    }

    private static void assertInside(double v, double low, double high, String what) {
        assertTrue(low <= v && v <= high, what + ": " + v + " not in " + low + " .. " + high);
    }

    @Test
    void theLogForceOfAClassIsOneFlushedWriteOnItsDevice() {
        assertEquals(0, Profiles.get(DeviceClasses.LOOP_TMPFS).value("cost.logForceNs"));
        assertTrue(Profiles.get(DeviceClasses.HDD_7200).value("cost.logForceNs") > 5e6);
    }
}

package org.locktable.timing.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Devices")
class DeviceTest {
    @Test
    @DisplayName("Simple: serialized per-command + transfer, then a latency requests overlap")
    void simple() {
        Simple d = Simple.of(10_000, 1_000, 1e9); // 4096 B -> 4096 ns transfer
        Device.Queue q = d.open(1);
        assertEquals(5_096 + 10_000, q.submit(0, 0, 4096, true, false, 0));
        assertEquals(2 * 5_096 + 10_000, q.submit(0, 0, 4096, true, false, 1), "queued behind the first");
        assertEquals(100_000 + 5_096 + 10_000, q.submit(100_000, 0, 4096, false, false, 0), "idle device");
        assertEquals(5_096, d.serviceNs(4096, false), 1e-9);
    }

    @Test
    @DisplayName("Simple: a queue-depth limit admits the next request when the earliest one completes")
    void simpleQueueDepth() {
        Device.Queue q = Simple.of(100, 10, 0).withMaxQueueDepth(2).open(1);
        assertEquals(110, q.submit(0, 0, 512, true, false, 0));
        assertEquals(120, q.submit(0, 0, 512, true, false, 0));
        assertEquals(110 + 10 + 100, q.submit(0, 0, 512, true, false, 0), "waits for the first completion");
        Device.Queue unlimited = Simple.of(100, 10, 0).open(1);
        unlimited.submit(0, 0, 512, true, false, 0);
        unlimited.submit(0, 0, 512, true, false, 0);
        assertEquals(130, unlimited.submit(0, 0, 512, true, false, 0));
    }

    @Test
    @DisplayName("Simple: FUA adds its flush cost; variability is seeded")
    void simpleFuaAndSeed() {
        Device.Queue q = Simple.of(0, 1_000, 0).withFlushNs(5_000).open(1);
        assertEquals(6_000, q.submit(0, 0, 4096, true, true, 0));
        Simple v = Simple.of(0, 1_000, 0).withServiceCv(1);
        Device.Queue a = v.open(7);
        Device.Queue b = v.open(7);
        for (int i = 0; i < 100; i++) {
            assertEquals(a.submit(i * 10L, 0, 512, true, false, 0), b.submit(i * 10L, 0, 512, true, false, 0));
        }
    }

    @Test
    @DisplayName("NVMe: k units serve writes in parallel; the controller caps the command rate")
    void nvmeParallelism() {
        Nvme d = new Nvme(1, 0, 100, 0, 8, 4096, 50_000, 20_000, 0, 0, 0);
        Device.Queue q = d.open(1);
        long last = 0;
        int n = 8_000;
        for (int i = 0; i < n; i++) {
            last = Math.max(last, q.submit(0, (long) i * 4096, 4096, true, false, i % 4));
        }
        double rate = n / (last / 1e9);
        assertEquals(8 / 20e-6, rate, 8 / 20e-6 * 0.01, "8 units x 1/20 us");
        Nvme fast = new Nvme(1, 0, 1_000, 0, 64, 4096, 50_000, 1_000, 0, 0, 0);
        Device.Queue f = fast.open(1);
        long end = 0;
        for (int i = 0; i < n; i++) {
            end = Math.max(end, f.submit(0, (long) i * 4096, 4096, true, false, 0));
        }
        assertEquals(1e6, n / (end / 1e9), 1e6 * 0.01, "controller bound: 1 us per command");
    }

    @Test
    @DisplayName("NVMe: a large request is split into pages over the units; reads go to their striped unit")
    void nvmePages() {
        Nvme d = new Nvme(1, 0, 0, 0, 4, 4096, 40_000, 10_000, 0, 0, 0);
        assertEquals(10_000, d.open(1).submit(0, 0, 16384, true, false, 0), "4 pages on 4 units at once");
        assertEquals(20_000, d.open(1).submit(0, 0, 32768, true, false, 0), "8 pages: two rounds");
        Device.Queue q = d.open(1);
        assertEquals(40_000, q.submit(0, 0, 4096, false, false, 0));
        assertEquals(80_000, q.submit(0, 4 * 4096, 4096, false, false, 0), "same unit: queued");
        assertEquals(40_000, q.submit(0, 4096, 4096, false, false, 0), "next unit: parallel");
    }

    @Test
    @DisplayName("NVMe: a full submission queue holds requests back")
    void nvmeQueueDepth() {
        Nvme d = new Nvme(2, 1, 0, 0, 16, 4096, 0, 10_000, 0, 0, 0);
        Device.Queue q = d.open(1);
        assertEquals(10_000, q.submit(0, 0, 4096, true, false, 0));
        assertEquals(20_000, q.submit(0, 0, 4096, true, false, 0), "queue 0 is full until 10 us");
        assertEquals(10_000, q.submit(0, 0, 4096, true, false, 1), "queue 1 is free");
    }

    @Test
    @DisplayName("Rotational: seek curve short √d / long linear, monotone")
    void seekCurve() {
        Rotational d = Rotational.typical7200();
        assertEquals(0, d.seekNs(0));
        double prev = 0;
        for (long c = 1; c < 300_000; c = c * 3 / 2 + 1) {
            double s = d.seekNs(c);
            assertTrue(s >= prev, "monotone at " + c);
            prev = s;
        }
        assertEquals(0.8e6 + 0.112e6 * 10, d.seekNs(100), 1);
        assertEquals(4.28e6 + 64 * 100_000, d.seekNs(100_000), 1);
    }

    @Test
    @DisplayName("Rotational without cache: a sequential synchronous stream misses a revolution per request")
    void missedRevolution() {
        Rotational d = Rotational.typical7200().withWriteCache(false);
        Device.Queue q = d.open(1);
        long t = q.submit(0, 0, 65536, true, false, 0);
        long gap = 20_000;
        long t2 = q.submit(t + gap, 65536, 65536, true, false, 0);
        double rev = d.revolutionNs();
        double service = t2 - (t + gap);
        assertTrue(service > rev * 0.9, "waited most of a revolution: " + service);
        assertTrue(service < rev + d.transferNs(65536) + 200_000, "but not more: " + service);
    }

    @Test
    @DisplayName("Rotational with write cache: immediate reporting at bus speed; streams coalesce; destage bounds")
    void writeCache() {
        Rotational d = Rotational.typical7200();
        Device.Queue q = d.open(1);
        long first = q.submit(0, 0, 65536, true, false, 0);
        double bus = 65536 * 1e9 / d.busBytesPerSecond();
        assertEquals(d.controllerNs() + bus, first, 2);
        // two interleaved sequential streams far apart, enough to fill the cache: destage at media rate
        long t = 0;
        long bytes = 0;
        long mark = 0;
        for (int i = 0; i < 6000; i++) {
            int s = i % 2;
            long off = s * (50L << 30) + (i / 2) * 65536L;
            t = q.submit(t, off, 65536, true, false, s);
            if (i == 2000) {
                mark = t; // the 64 MiB cache is full by now
            } else if (i > 2000) {
                bytes += 65536;
            }
        }
        double mbps = bytes / ((t - mark) / 1e9) / 1e6;
        double media = d.bytesPerTrack() * 1e9 / d.revolutionNs() / 1e6;
        assertTrue(mbps < media * 1.2, "bounded by destaging: " + mbps + " vs media " + media);
        assertTrue(mbps > media * 0.7, "coalesced per stream, no seek per request: " + mbps);
        // FUA bypasses the cache
        Device.Queue f = d.open(1);
        assertTrue(f.submit(0, 1L << 30, 4096, true, true, 0) > d.controllerNs() + 4096 * 1e9 / d.busBytesPerSecond()
                + d.seekNs(1));
    }
}

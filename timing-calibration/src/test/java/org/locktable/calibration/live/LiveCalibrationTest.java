package org.locktable.calibration.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.rig.KernelTestEnvironment;
import org.locktable.rig.Shell;
import org.locktable.timing.profile.Param;

/**
 * The live pipeline. The tiny run needs root, loop devices and fio: without them it is skipped with a one-line
 * reason, unless {@code LOCKTABLE_KERNEL_TESTS=required}, which makes it fail (the rig's
 * {@link KernelTestEnvironment}). Nothing asserts a measured time.
 */
@DisplayName("Live calibration: fio parsing, the start point, and the tiny run on loop devices")
class LiveCalibrationTest {

    static final String FIO_JSON = """
            fio-3.33
            {
              "fio version" : "fio-3.33",
              "jobs" : [
                {
                  "jobname" : "seed000-test1",
                  "job_runtime" : 250, "usr_cpu" : 10.0, "sys_cpu" : 30.0, "ctx" : 2000,
                  "read" : {"io_bytes" : 0, "total_ios" : 0, "runtime" : 0, "iops" : 0.000000},
                  "write" : {"io_bytes" : 16777216, "total_ios" : 2048, "runtime" : 250, "iops" : 8192.0,
                             "clat_ns" : {"min" : 1, "percentile" : {"50.000000" : 9000}}},
                  "job options" : {"rw" : "write", "name" : "a \\"quoted\\" name"}
                },
                {
                  "jobname" : "second",
                  "job_runtime" : 500, "usr_cpu" : 5.0, "sys_cpu" : 15.0, "ctx" : 58,
                  "read" : {"total_ios" : 10, "runtime" : 100},
                  "write" : {"total_ios" : 1000, "runtime" : 500, "flag" : true, "none" : null, "list" : [1, 2.5e3]}
                }
              ]
            }
            """;

    @Test
    @DisplayName("fio's JSON: I/Os summed over job entries, runtime the slowest (fio's group rule)")
    void parseFio() {
        FioJson.FioResult r = FioJson.parse(FIO_JSON);
        assertEquals(3048, r.writeIos());
        assertEquals(500, r.writeRuntimeMs());
        assertEquals(3048 * 1000 / 500.0, r.writeIops(), 1e-9);
        assertEquals(10, r.readIos());
        // CPU: 40 % of 250 ms + 20 % of 500 ms = 0.2 s over 3058 I/Os; 2058 context switches
        assertEquals(0.2e9 / 3058, r.cpuPerIoNs(), 1e-6);
        assertEquals(2058.0 / 3058, r.contextSwitchesPerIo(), 1e-12);
    }

    @Test
    @DisplayName("the wake-up: fio's extra CPU per I/O over its extra context switches per I/O")
    void wakeNs() {
        LiveCalibration.MeasuredRun sleeping = new LiveCalibration.MeasuredRun("characterisation", "ext4", "c", "c",
                "ext4-base", 1, 30_000, 29_000, 31_000, 13_000, 1.02);
        LiveCalibration.MeasuredRun busy = new LiveCalibration.MeasuredRun("characterisation", "ext4", "c", "c",
                "ext4-base", 1, 160_000, 150_000, 170_000, 5_500, 0.02);
        assertEquals(7_500, LiveCalibration.wakeNs(sleeping, busy), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> LiveCalibration.wakeNs(busy, busy));
    }

    @Test
    @DisplayName("a recording whose characterisation repetitions spread over 1.5x is unsteady; the seed rows do not count")
    void unsteadyCharacterisation() {
        LiveCalibration.MeasuredRun steady = new LiveCalibration.MeasuredRun("characterisation", "ext4", "c",
                "4 KiB", "ext4-base", 1, 30_000, 28_000, 42_000, 0, 0);
        LiveCalibration.MeasuredRun wide = new LiveCalibration.MeasuredRun("characterisation", "ext4", "c",
                "64 KiB", "ext4-base", 2, 9_000, 6_000, 9_001, 0, 0);
        LiveCalibration.MeasuredRun seed = new LiveCalibration.MeasuredRun("seed000", "xfs", "Test 1", "Test 1",
                "xfs-dio", 1, 9_000, 1_000, 9_001, 0, 0);
        LiveCalibration.LiveData data = new LiveCalibration.LiveData("full", "c", "k", "fio", 2, "l", "ok",
                List.of(steady, wide, seed));
        assertEquals(List.of("64 KiB at 2 job(s): 6,000-9,001 IOPS"), data.unsteadyCharacterisation());
    }

    @Test
    @DisplayName("the analytic start: per-byte cost from 4 vs 64 KiB, the worker from the queued run, conversion")
    void analyticStart() {
        org.locktable.timing.profile.Profile local = org.locktable.timing.profile.Profiles.get("local-loop");
        double submitter = local.cost().thinkNs() + local.cost().lockedNs();
        double wake = local.cost().wakeNs();
        // 4 KiB: 50 µs; 64 KiB: 61440 B at 1 ns/B more; the worker 8 µs a request at iodepth 32 on 2 cores;
        // unwritten: 80 µs
        Map<String, Double> s = LiveCalibration.analyticStart(local, 2, 20_000, 2e9 / (submitter + 8_000),
                1e9 / 111_440, 12_500);
        assertEquals(1e9, s.get("device.bytesPerSecond"), 1e6);
        assertEquals(30_000, s.get("cost.conversionNs"), 1);
        assertEquals(8_000 - 4_096, s.get("device.perCommandNs"), 1);
        double rest = 50_000 - submitter - wake - 8_000;
        assertEquals(rest / 2, s.get("device.latencyNs"), 1);
        assertEquals(rest / 2, s.get("device.wakeNs"), 1);
    }

    @Test
    @DisplayName("tiny live run: ext4 and XFS on loop devices over tmpfs, characterisation, fit, seed 000 rows")
    void tinyRun() throws Exception {
        KernelTestEnvironment.require(LiveCalibration.REQUIREMENTS);
        Set<String> before = liveLoops();
        // the measurements are handed over before anything is fitted: calibrate live --write saves them there
        java.util.List<LiveCalibration.LiveData> handed = new java.util.ArrayList<>();
        LiveCalibration.Outcome o = KernelTestEnvironment.setUp(
                () -> LiveCalibration.run(LiveCalibration.Plan.tiny(), "LiveMain --tiny (test)", handed::add));
        assertEquals(java.util.List.of(o.data()), handed, "the outcome's measurements, handed over once");
        assertTrue(o.data().kernel().length() > 0);
        assertEquals(Runtime.getRuntime().availableProcessors(), o.profile().cost().cores());
        assertEquals(Param.Source.MEASURED, o.profile().param("cost.cores").orElseThrow().source());
        // 4 KiB at 1 and 2 jobs, 4 KiB queued, 64 KiB, unwritten at iodepth 1 and queued
        assertEquals(6, o.measurements().stream().filter(m -> m.group().equals("characterisation")).count());
        assertEquals(Param.Source.MEASURED, o.profile().param("cost.wakeNs").orElseThrow().source());
        assertEquals(o.profile().cost().wakeNs(), o.fit().values().get("cost.wakeNs"), "committed with the fit");
        // ext4 and XFS x Test 1 and 2 x jobs 1, 2
        assertEquals(8, o.measurements().stream().filter(m -> m.group().equals("seed000")).count());
        for (LiveCalibration.Measurement m : o.measurements()) {
            assertTrue(m.measured() > 0 && Double.isFinite(m.measured()), m.toString());
            assertTrue(m.predicted() > 0 && Double.isFinite(m.predicted()), m.toString());
        }
        assertTrue(o.data().layoutCheck().startsWith("W U U W verified"), o.data().layoutCheck());
        assertTrue(o.section().startsWith("## 8. Live validation on this machine (Linux " + o.data().kernel() + ")"),
                o.section());
        assertTrue(o.section().contains("| xfs (`xfs-dio`) | Test 2 | 2 |"), o.section());
        // torn down: no loop device left on our images (another live run on the machine may hold its own)
        Set<String> after = liveLoops();
        after.removeAll(before);
        assertTrue(after.isEmpty(), "loop devices left attached by this run: " + after);
    }

    /** The loop devices attached to a live run's images (a line of {@code losetup -a} each). */
    private static Set<String> liveLoops() throws IOException {
        Set<String> out = new TreeSet<>();
        for (String line : Shell.check(List.of(Shell.tool("losetup"), "-a"), 30).split("\n")) {
            if (line.contains(LiveLab.TMPFS_PREFIX)) {
                out.add(line.trim());
            }
        }
        return out;
    }
}

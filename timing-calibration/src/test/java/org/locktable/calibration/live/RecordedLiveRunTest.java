package org.locktable.calibration.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.calibration.fit.Fitter;
import org.locktable.timing.profile.FittedValues;
import org.locktable.timing.profile.Profiles;

@DisplayName("The recorded live run: local-loop refits to the committed values; the section is predicted anew")
class RecordedLiveRunTest {

    @Test
    @DisplayName("calibrate recorded gives FittedValues' local-loop (four significant digits) and FIT_EVALUATIONS")
    void refitReproducesCommittedValues() {
        LiveCalibration.Plan plan = LiveCalibration.Plan.full();
        Fitter.Result fit = LiveCalibration.fit(RecordedLiveRun.DATA, plan, plan.fit());
        Map<String, Double> committed = FittedValues.of(Profiles.LOCAL_LOOP);
        assertEquals(committed.keySet(), fit.values().keySet());
        committed.forEach((k, v) -> assertEquals(v, fit.values().get(k), Math.abs(v) * 5e-4, k));
        assertEquals(RecordedLiveRun.FIT_EVALUATIONS, fit.evaluations());
    }

    @Test
    @DisplayName("the measured Z and W are the recording's: fio's CPU per I/O at iodepth 32, and per context switch")
    void measuredValuesAreTheRecordings() {
        Map<String, Double> measured = LiveCalibration.measuredValues(RecordedLiveRun.DATA);
        assertEquals(java.util.Set.of("cost.thinkNs", "cost.wakeNs"), measured.keySet());
        var local = Profiles.get(Profiles.LOCAL_LOOP);
        assertEquals(measured.get("cost.thinkNs"), local.cost().thinkNs());
        assertEquals(measured.get("cost.wakeNs"), local.cost().wakeNs());
        assertTrue(local.cost().wakeNs() > 0, "an iodepth-1 thread sleeps, a queued one does not");
    }

    @Test
    @DisplayName("the section lists every recorded run with the model's prediction")
    void section() {
        String s = RecordedLiveRun.section();
        assertTrue(s.startsWith("## 8. Live validation on this machine (Linux 6.18.44-fc-v1098)"), s);
        long rows = s.lines().filter(l -> l.matches("\\| (ext4|xfs) \\(`[a-z0-9.-]+`\\) \\| Test \\d \\| .*")).count();
        assertEquals(16, rows, s);
        assertEquals(7, s.lines().filter(l -> l.matches("\\| \\d+ KiB .*")).count(), s);
        // the recording's one unsteady run, the 1-job unwritten one (22,141-33,301 IOPS), is named
        assertEquals(List.of("4 KiB sequential into unwritten at 1 job(s): 22,141-33,301 IOPS"),
                RecordedLiveRun.DATA.unsteadyCharacterisation());
        assertTrue(s.contains("so a less certain median: 4 KiB sequential into unwritten at 1 job(s)"), s);
        assertEquals(s, RecordedLiveRun.section(), "deterministic");
    }

    @Test
    @DisplayName("the recording file is what calibrate live --write writes: read and written back, byte for byte")
    void recordingRoundTrips() throws Exception {
        String file;
        try (java.io.InputStream in = RecordedLiveRun.class.getResourceAsStream(RecordedLiveRun.FILE)) {
            file = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertEquals(file, RecordedLiveRun.json(new RecordedLiveRun.Recording(RecordedLiveRun.FIT_EVALUATIONS,
                RecordedLiveRun.DATA)));
        assertEquals(23, RecordedLiveRun.DATA.runs().size(), "7 characterisation runs, 16 seed-000 runs");
        for (LiveCalibration.MeasuredRun r : RecordedLiveRun.DATA.runs()) {
            assertTrue(r.min() <= r.median() && r.median() <= r.max() && r.cpuPerIoNs() > 0
                    && r.contextSwitchesPerIo() > 0, r.toString());
        }
    }
}

package org.locktable.calibration.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;

/**
 * The fit of {@code calibrate device} on a recorded run (fio on XFS on a loop device over tmpfs, this machine,
 * {@code loop-over-tmpfs.json}), and the profile file: no root needed.
 */
class DeviceCalibrationTest {

    @Test
    void thePlanCoversSizesDepthsDirectionsLayoutsAndOdsync() {
        List<DeviceRun> fs = DeviceRun.plan(true, true);
        assertEquals(16, fs.size(), fs.toString());
        assertEquals(12, DeviceRun.plan(false, true).size(), "no 512 B run on a 4 KiB-sector device");
        assertEquals(14, DeviceRun.plan(true, false).size(), "no unwritten run on a raw device");
        for (DeviceRun r : fs) {
            assertEquals(r, DeviceRun.parse(r.id()), r.id());
        }
        assertTrue(fs.stream().anyMatch(r -> r.dsync() && r.iodepth() == DeviceRun.QUEUED));
        assertThrows(IllegalArgumentException.class, () -> DeviceRun.parse("write-4k"));
    }

    @Test
    void theRecordedLoopDeviceFitsItsWritesAndPredictsItsReads(@TempDir Path tmp) throws Exception {
        DeviceProfileFile recorded = DeviceProfileFile.read(resource("loop-over-tmpfs.json"));
        List<DeviceLab.Measured> measured = new ArrayList<>();
        for (DeviceProfileFile.Run r : recorded.runs()) {
            measured.add(new DeviceLab.Measured(DeviceRun.parse(r.id()), r.measured()));
        }
        DeviceTarget loop = new DeviceTarget(Path.of("/mnt/cal"), false, "xfs", "loop0", 512, 512, false);
        DeviceCalibration.Outcome o = DeviceCalibration.fit(loop, DevicePlan.full(), "test-loop", measured, "test");
        assertEquals(10, o.error().runs(), "the writes are fitted");
        assertTrue(o.error().rms() < 0.35, "residual s " + o.error().rms());
        double reads = o.rows().stream().filter(r -> !r.fitted()).mapToDouble(r -> Math.abs(r.error())).average()
                .orElseThrow();
        assertTrue(reads < 0.35, "held-out reads' mean error " + reads);
        assertTrue(o.spec().fitted().isEmpty(), "the file carries its values");

        Path file = tmp.resolve("test-loop.json");
        Files.writeString(file, DeviceProfileFile.of(o).json(), StandardCharsets.UTF_8);
        assertEquals(DeviceProfileFile.of(o).json(), DeviceProfileFile.read(file).json(), "round trip");
        assertEquals("test-loop", DeviceProfileFile.load(file));
        assertTrue(Profiles.known("test-loop"));
        assertFalse(Profiles.names().contains("test-loop"), "a loaded profile is not listed with the built-in ones "
                + "(the report lists those)");
        Profile p = Profiles.get("test-loop");
        assertTrue(p.device().describe().contains("service on the host's cores"), p.device().describe());
        ModelError e = ModelError.of("test-loop");
        assertTrue(e.own(), e.toString());
    }

    @Test
    void aFileThatIsNotAProfileIsRefusedNamingIt(@TempDir Path tmp) throws IOException {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"format\": \"something else\"}", StandardCharsets.UTF_8);
        DeviceProfileFile.Invalid e = assertThrows(DeviceProfileFile.Invalid.class, () -> DeviceProfileFile.read(bad));
        assertTrue(e.getMessage().startsWith(bad + ":"), e.getMessage());
        Path missing = tmp.resolve("missing.json");
        e = assertThrows(DeviceProfileFile.Invalid.class, () -> DeviceProfileFile.read(missing));
        assertEquals(missing + ": no such file", e.getMessage());
        assertTrue(DeviceProfileFile.names("my.json") && DeviceProfileFile.names("./x") && !DeviceProfileFile.names("nvme"));
        assertFalse(DeviceProfileFile.names("seed000-vm"));
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(DeviceCalibrationTest.class.getResource(name).toURI());
    }
}

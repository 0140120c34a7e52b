package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.locktable.calibration.fit.FittedValuesFile;
import org.locktable.calibration.live.LiveCalibration;
import org.locktable.calibration.live.RecordedLiveRun;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.KernelTestEnvironment;
import org.locktable.timing.profile.FittedValues;
import org.locktable.timing.profile.Profiles;

/** {@code locktable calibrate}: the no-root parts (the live run itself is LiveCalibrationTest's). */
class CalibrateCommandTest {

    @Test
    void recordedPrintsTheCommittedLocalLoopValues() {
        Cli.Run r = Cli.run("calibrate", "recorded");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("local-loop: objective "), r.out());
        FittedValues.of(Profiles.LOCAL_LOOP).forEach((k, v) -> assertTrue(
                r.out().contains("local-loop\t" + k + "\t" + FittedValuesFile.number(v) + "\n"), k + " in\n" + r.out()));
        assertTrue(!r.out().contains("wrote "), "nothing written without --write");
    }

    @Test
    void deviceRefusesATargetItCannotMeasureNamingIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws java.io.IOException {
        Cli.Run none = Cli.run("calibrate", "device", tmp.resolve("none").toString());
        assertEquals(2, none.code(), none.toString());
        assertEquals("locktable: " + tmp.resolve("none") + ": no such file or directory\n", none.err());
        java.nio.file.Path file = java.nio.file.Files.createFile(tmp.resolve("file"));
        Cli.Run regular = Cli.run("calibrate", "device", file.toString());
        assertEquals(2, regular.code(), regular.toString());
        assertTrue(regular.err().startsWith("locktable: " + file + ": a regular "), regular.err());
        Cli.Run builtIn = Cli.run("calibrate", "device", tmp.toString(), "--name", "nvme");
        assertEquals(2, builtIn.code(), builtIn.toString());
        assertEquals("locktable: --name nvme is a built-in profile's name; pick another\n", builtIn.err());
    }

    @Test
    void aSubcommandIsNeeded() {
        Cli.Run r = Cli.run("calibrate");
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: calibrate needs a subcommand: live, pairs, counts, idle-exit, device, recorded, seeds, "
                + "alternatives or report (try 'locktable calibrate --help')", r.err().strip());
    }

    @Test
    void seedsRefusesAProfileItDoesNotFit() {
        Cli.Run r = Cli.run("calibrate", "seeds", "local-loop");
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().startsWith("locktable: 'local-loop' is not a seed profile (one of seed000-vm"), r.err());
    }

    @Test
    void seedsRefusesUnknownRulesAndWritingARefitWithoutTheRules() {
        Cli.Run bogus = Cli.run("calibrate", "seeds", "--rules", "sometimes");
        assertEquals(2, bogus.code(), bogus::toString);
        assertEquals("locktable: --rules: wait rules: kernel or none, not sometimes", bogus.err().strip());
        Cli.Run write = Cli.run("calibrate", "seeds", "--rules", "none", "--write");
        assertEquals(2, write.code(), write::toString);
        assertTrue(write.err().contains("a refit under other rules is an experiment"), write.err());
    }

    @Test
    void liveHasHelpWithItsExitCodes() {
        Cli.Run r = Cli.run("calibrate", "live", "--help");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("--tiny") && r.out().contains("this machine cannot run it"), r.out());
    }

    /**
     * As root with loop devices and fio (CI), the tiny plan runs; elsewhere the command says why with exit 3, and the
     * test is then skipped with that reason, or failed under {@code LOCKTABLE_KERNEL_TESTS=required}.
     */
    @Test
    void liveRunsOrSaysWhyNot() {
        KernelTestEnvironment.live();
        Optional<String> missing = LiveCalibration.REQUIREMENTS.missing();
        Cli.Run r = Cli.run("calibrate", "live", "--tiny");
        if (r.code() == EnvironmentException.EXIT_CODE) {
            String prefix = "locktable: " + EnvironmentException.cannotRun("calibrate live", "");
            String err = r.err().strip();
            assertTrue(err.startsWith(prefix) && !err.contains("\n"), r::toString);
            missing.ifPresent(m -> assertEquals(prefix + m, err));
            KernelTestEnvironment.unavailable(err.substring(prefix.length()));
        }
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("## 8. Live validation on this machine (Linux "), r.out());
        assertTrue(r.out().contains("`locktable calibrate live --tiny` (tiny plan)"), r.out());
        assertTrue(r.err().contains("local-loop\tdevice.latencyNs\t"), r.err());
    }

    /**
     * As root on two or more CPUs (CI), the tiny probe runs; elsewhere it says why with exit 3, and the test is then
     * skipped with that reason, or failed under {@code LOCKTABLE_KERNEL_TESTS=required}.
     */
    @Test
    void idleExitMeasuresOrSaysWhyNot() {
        KernelTestEnvironment.live();
        Cli.Run r = Cli.run("calibrate", "idle-exit", "--tiny");
        if (r.code() == EnvironmentException.EXIT_CODE) {
            String prefix = "locktable: " + EnvironmentException.cannotRun("calibrate idle-exit", "");
            String err = r.err().strip();
            assertTrue(err.startsWith(prefix) && !err.contains("\n"), r::toString);
            KernelTestEnvironment.unavailable(err.substring(prefix.length()));
        }
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("| idle before the wake-up |"), r.out());
        assertTrue(r.out().contains("local-loop\tcost.idleExitNs\t") && r.out().contains("(tiny plan)"), r.out());
    }

    @Test
    void liveOnAMachineThatCannotRunItExitsWithThree() {
        String os = System.getProperty("os.name");
        System.setProperty("os.name", "Plan 9"); // the first thing the requirements look at
        try {
            Cli.Run r = Cli.run("calibrate", "live", "--tiny", "--write");
            assertEquals(3, r.code(), r::toString);
            assertEquals("locktable: calibrate live cannot run on this machine: not Linux (os.name=Plan 9)",
                    r.err().strip());
        } finally {
            System.setProperty("os.name", os);
        }
    }

    @Test
    void pairsSaysWhyNotInOneLineAndRefusesATinyWrite() {
        Cli.Run write = Cli.run("calibrate", "pairs", "--tiny", "--write");
        assertEquals(2, write.code(), write::toString);
        assertEquals("locktable: --write commits a full run only; drop --tiny", write.err().strip());
        String os = System.getProperty("os.name");
        System.setProperty("os.name", "Plan 9");
        try {
            Cli.Run r = Cli.run("calibrate", "pairs", "--tiny");
            assertEquals(3, r.code(), r::toString);
            assertEquals("locktable: calibrate pairs cannot run on this machine: not Linux (os.name=Plan 9)",
                    r.err().strip());
        } finally {
            System.setProperty("os.name", os);
        }
    }

    @Test
    void recordedWriteRewritesOnlyLocalLoopsRows(@org.junit.jupiter.api.io.TempDir java.nio.file.Path root)
            throws Exception {
        java.nio.file.Path file = FittedValuesFile.values(root);
        java.nio.file.Files.createDirectories(file.getParent());
        String committed = new String(FittedValues.class.getResourceAsStream(FittedValues.VALUES_FILE).readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        java.nio.file.Files.writeString(file, committed.replace("local-loop\tdevice.latencyNs\t", "local-loop\t"
                + "device.latencyNs\t9"));
        Cli.Run r = Cli.run("calibrate", "recorded", "--write", "--root", root.toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("wrote " + file), r.out());
        assertEquals(committed, java.nio.file.Files.readString(file), "the refit gives the committed values back");
        String recording = new String(RecordedLiveRun.class.getResourceAsStream(RecordedLiveRun.FILE).readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(recording, java.nio.file.Files.readString(root.resolve(RecordedLiveRun.SOURCE)),
                "the recording keeps its measurements and names the refit's evaluations, the committed ones");
    }

    @Test
    void reportWritesTheCommittedValidationReport(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        Cli.Run r = Cli.run("calibrate", "report", "--live", dir.resolve("missing.md").toString());
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: cannot read \"" + dir.resolve("missing.md") + "\": no such file", r.err().strip());
    }
}

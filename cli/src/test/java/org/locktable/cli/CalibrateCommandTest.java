package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locktable.calibration.fit.Calibration;
import org.locktable.timing.profile.FittedValues;
import org.locktable.timing.profile.Profiles;

/** {@code locktable calibrate}: the no-root parts (the live run itself is LiveCalibrationTest's). */
class CalibrateCommandTest {

    @Test
    void recordedPrintsTheCommittedLocalLoopValues() {
        Cli.Run r = Cli.run("calibrate", "recorded");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("        put(\"local-loop\""), r.out());
        FittedValues.of(Profiles.LOCAL_LOOP).forEach((k, v) -> assertTrue(
                r.out().contains("\"" + k + "\", " + Calibration.javaLiteral(v)), k + " in\n" + r.out()));
    }

    @Test
    void aSubcommandIsNeeded() {
        Cli.Run r = Cli.run("calibrate");
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: calibrate needs a subcommand: live, recorded or seeds (try 'locktable calibrate "
                + "--help')", r.err().strip());
    }

    @Test
    void seedsRefusesAProfileItDoesNotFit() {
        Cli.Run r = Cli.run("calibrate", "seeds", "local-loop");
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().startsWith("locktable: 'local-loop' is not a seed profile (one of seed000-vm"), r.err());
    }

    @Test
    void liveHasHelpWithItsExitCodes() {
        Cli.Run r = Cli.run("calibrate", "live", "--help");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("--tiny") && r.out().contains("this machine cannot run it"), r.out());
    }

    /** As root with loop devices and fio (CI), the tiny plan runs; elsewhere the command says why, exit 3. */
    @Test
    void liveRunsOrSaysWhyNot() {
        java.util.Optional<String> missing = org.locktable.calibration.live.LiveEnvironment.missing();
        Cli.Run r = Cli.run("calibrate", "live", "--tiny");
        if (missing.isPresent()) {
            assertEquals(3, r.code(), r::toString);
            assertEquals("locktable: calibrate live cannot run here: " + missing.get(), r.err().strip());
            return;
        }
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("## 8. Live validation on this machine (Linux "), r.out());
        assertTrue(r.out().contains("`locktable calibrate live --tiny` (tiny plan)"), r.out());
        assertTrue(r.err().contains("put(\"local-loop\"") && r.err().contains("new LiveData(\"tiny\""), r.err());
    }
}

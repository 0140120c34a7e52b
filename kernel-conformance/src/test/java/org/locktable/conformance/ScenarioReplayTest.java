package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Every scenario of the library (found on the class path) replayed on the live kernel: one line each. */
class ScenarioReplayTest {

    @Test
    void scenariosAgreeWithTheKernel() throws Exception {
        List<Class<?>> scenarios = ScenarioLibrary.discover(List.of());
        assertFalse(scenarios.isEmpty(), "no scenario found on the class path");
        List<ScenarioLine> lines;
        try (Rig rig = KernelTestEnvironment.rig()) {
            lines = new ScenarioReplay(rig, Conformance.kernelVersion()).replay(scenarios);
        }
        StringBuilder failures = new StringBuilder();
        long agree = 0;
        for (ScenarioLine l : lines) {
            System.out.println(l.verdict().label() + "  " + l.scenario() + "  " + l.fs() + "  " + l.policy() + "  "
                    + l.detail());
            if (l.verdict() == ScenarioLine.Verdict.AGREE) {
                agree++;
            }
            if (l.verdict() == ScenarioLine.Verdict.DISAGREE) {
                failures.append(ReportWriter.scenarioWitnessText(l)).append('\n');
            }
        }
        if (failures.length() > 0) {
            fail("scenarios where the kernel and the engine disagree:\n" + failures);
        }
        assertTrue(agree > 0, "no scenario could be replayed");
    }
}

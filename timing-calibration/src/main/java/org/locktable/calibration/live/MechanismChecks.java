package org.locktable.calibration.live;

import java.io.IOException;

import org.locktable.calibration.live.MechanismPairs.PairPlan;
import org.locktable.calibration.live.PairLab.PairData;

/**
 * {@code locktable calibrate pairs}: the designed mechanism pairs ({@link MechanismPairs}) measured on this machine
 * ({@link PairLab}, root) and set against the model ({@link PairPrediction}).
 */
public final class MechanismChecks {
    private MechanismChecks() {
    }

    /**
     * A pair run.
     *
     * @param json what was measured, as {@link RecordedPairs#FILE} holds it
     * @param section the report's section for it
     * @param pairs how many pairs were measured
     */
    public record Outcome(String json, String section, int pairs) {
    }

    /** Measures {@code plan}; an {@link org.locktable.rig.EnvironmentException} where the machine cannot. */
    public static Outcome run(PairPlan plan, String command) throws IOException {
        PairData data = PairLab.measure(plan, command);
        return new Outcome(RecordedPairs.json(data), PairsSection.render(plan, data), data.runs().size());
    }
}

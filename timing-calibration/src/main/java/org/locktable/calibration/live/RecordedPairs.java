package org.locktable.calibration.live;

import java.nio.file.Path;

import org.locktable.calibration.live.MechanismPairs.PairPlan;
import org.locktable.calibration.live.PairLab.PairData;

/**
 * The recorded mechanism checks ({@code locktable calibrate pairs}, full plan), dated by the kernel they ran on, in
 * the resource {@value #FILE}: the measured IOPS and ratios, so that the report's section predicts them again with
 * the model of the day. {@code locktable calibrate pairs --write} replaces the recording.
 */
public final class RecordedPairs {
    private RecordedPairs() {
    }

    /** The recording's resource name. */
    public static final String FILE = "recorded-mechanism-pairs.json";

    /** Where the recording lives, from the repository root. */
    public static final Path SOURCE = Path.of("timing-calibration", "src", "main", "resources", "org", "locktable",
            "calibration", "live", FILE);

    /** The recorded run. */
    static PairData data() {
        return RecordingJson.read(FILE, PairData.class);
    }

    /** {@code data} as the file holds it. */
    static String json(PairData data) {
        return RecordingJson.write(data);
    }

    /** The report's section for the recorded run, predicted by the committed model. */
    public static String section() {
        return PairsSection.render(PairPlan.full(), data());
    }
}

package org.locktable.calibration.live;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /**
     * A recorded pair and the medians measured: {@code a}'s and {@code b}'s IOPS.
     *
     * @param pair the designed pair
     * @param a the reference run's median IOPS
     * @param b the other run's
     */
    public record Measured(MechanismPair pair, double a, double b) {
    }

    /** Every recorded pair with its measured medians, in the plan's order. */
    public static List<Measured> measured() {
        Map<String, PairLab.PairRun> byId = new LinkedHashMap<>();
        for (PairLab.PairRun r : data().runs()) {
            byId.put(r.id(), r);
        }
        List<Measured> out = new ArrayList<>();
        for (MechanismPair p : MechanismPairs.designed(MechanismPairs.PairPlan.full())) {
            PairLab.PairRun r = byId.get(p.id());
            if (r != null) {
                out.add(new Measured(p, r.a().median(), r.b().median()));
            }
        }
        return out;
    }

    /** The report's section for the recorded run, predicted by the committed model. */
    public static String section() {
        return PairsSection.render(PairPlan.full(), data());
    }
}

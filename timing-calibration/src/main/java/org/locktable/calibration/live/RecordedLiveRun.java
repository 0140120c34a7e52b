package org.locktable.calibration.live;

import java.nio.file.Path;
import java.util.Map;

import org.locktable.calibration.fit.Fitter;
import org.locktable.calibration.live.LiveCalibration.LiveData;
import org.locktable.timing.profile.FittedValues;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;

/**
 * One recorded live run ({@code locktable calibrate live}, full plan), dated by the kernel it ran on, in the
 * resource {@value #FILE}: what it measured, as numbers, so that its section of {@code timing-validation.md} is
 * predicted again by the model of the day and {@code local-loop} can be refitted on it ({@code locktable calibrate
 * recorded}). {@code locktable calibrate live --write} replaces it with a new one ({@link #json(Recording)}). This recording: Linux
 * 6.18.44-fc-v1098, 2 vCPUs, fio-3.33, 3 December 2026, a machine otherwise idle but for other VMs on its host (its
 * load and each run's range are in the data).
 */
public final class RecordedLiveRun {
    private RecordedLiveRun() {
    }

    /** The recording's resource name. */
    public static final String FILE = "recorded-live-run.json";

    /** Where the recording lives, from the repository root. */
    public static final Path SOURCE = Path.of("timing-calibration", "src", "main", "resources", "org", "locktable",
            "calibration", "live", FILE);

    /**
     * The file's content.
     *
     * @param fitEvaluations objective evaluations of the fit that gave {@code FittedValues}' {@code local-loop}
     * @param data what was measured
     */
    public record Recording(int fitEvaluations, LiveData data) {
    }

    private static final Recording RECORDING = RecordingJson.read(FILE, Recording.class);

    /** The recorded run. */
    public static final LiveData DATA = RECORDING.data();

    /** Objective evaluations of the fit that gave {@code FittedValues}' {@code local-loop}. */
    public static final int FIT_EVALUATIONS = RECORDING.fitEvaluations();

    /** {@code recording} as the file holds it. */
    public static String json(Recording recording) {
        return RecordingJson.write(recording);
    }

    /** The section of the report: the recorded measurements against the committed {@code local-loop}. */
    public static String section() {
        LiveCalibration.Plan plan = LiveCalibration.Plan.full();
        Profile local = Profiles.get(Profiles.LOCAL_LOOP);
        Fitter.Result fit = new Fitter.Result(FittedValues.of(Profiles.LOCAL_LOOP),
                LiveCalibration.objective(DATA, plan, local), FIT_EVALUATIONS, Map.of());
        return LiveCalibration.outcome(DATA, plan, local, fit).section();
    }
}

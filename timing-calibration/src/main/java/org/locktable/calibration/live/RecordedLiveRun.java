package org.locktable.calibration.live;

import java.util.List;
import java.util.Map;

import org.locktable.calibration.fit.Fitter;
import org.locktable.calibration.live.LiveCalibration;
import org.locktable.calibration.live.LiveCalibration.LiveData;
import org.locktable.calibration.live.LiveCalibration.MeasuredRun;
import org.locktable.timing.profile.FittedValues;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;

/**
 * One recorded live run ({@code calibrate.LiveMain}, full plan), dated by the kernel it ran on: what it measured,
 * as numbers, so that its section of {@code timing-validation.md} is predicted again by the model of the day and
 * {@code local-loop} can be refitted on it ({@code LiveMain --refit-recorded}, which prints the values
 * {@code FittedValues} commits and {@link #FIT_EVALUATIONS}). A new recording replaces {@link #DATA}: copy the
 * {@code RecordedLiveRun} literal a {@code LiveMain} run prints. This recording: Linux 6.18.44-fc-v669, 2 vCPUs,
 * fio-3.33, a machine that was otherwise idle when the run started (its load is in the data).
 */
public final class RecordedLiveRun {
    private RecordedLiveRun() {
    }

    private static final String OVERWRITE_4K = "live-4k-overwrite";
    private static final String OVERWRITE_64K = "live-64k-overwrite";
    private static final String UNWRITTEN_4K = "live-4k-unwritten";

    /** The recorded run. */
    public static final LiveData DATA = new LiveData("full",
            "java -cp timing/target/classes:engine/target/locktable-engine-0.1.0-SNAPSHOT.jar "
                    + "org.locktable.calibration.live.LiveMain --out /tmp/live/timing-validation-live.md "
                    + "--section /tmp/live/section.md",
            "6.18.44-fc-v669", "fio-3.33", 2, "1.30 / 1.68 / 1.61 before, 2.85 / 2.25 / 1.85 after",
            "W U U W verified: 4096 unwritten extents for 4096 stripes (ext4, 65536 KiB)", List.of(
            characterisation(OVERWRITE_4K, 1, 45_080, 39_883, 46_187),
            characterisation(OVERWRITE_4K, 2, 30_446, 30_345, 32_278),
            characterisation(OVERWRITE_4K, 4, 97_929, 94_600, 101_253),
            characterisation(OVERWRITE_64K, 1, 16_357, 13_087, 17_406),
            characterisation(UNWRITTEN_4K, 1, 50_258, 49_951, 50_568),
            seed000("ext4", "ext4-base", 1, 1, 42_667, 39_575, 44_281),
            seed000("ext4", "ext4-base", 1, 2, 27_126, 26_131, 28_998),
            seed000("ext4", "ext4-base", 1, 4, 45_011, 43_691, 46_348),
            seed000("ext4", "ext4-base", 1, 8, 46_778, 45_829, 54_117),
            seed000("ext4", "ext4-base", 2, 1, 20_177, 19_412, 20_583),
            seed000("ext4", "ext4-base", 2, 2, 13_299, 12_545, 13_885),
            seed000("ext4", "ext4-base", 2, 4, 14_734, 14_027, 15_486),
            seed000("ext4", "ext4-base", 2, 8, 15_701, 14_861, 17_965),
            seed000("xfs", "xfs-dio", 1, 1, 33_992, 32_000, 34_276),
            seed000("xfs", "xfs-dio", 1, 2, 27_352, 27_307, 28_544),
            seed000("xfs", "xfs-dio", 1, 4, 40_756, 37_578, 42_611),
            seed000("xfs", "xfs-dio", 1, 8, 43_925, 42_750, 47_836),
            seed000("xfs", "xfs-dio", 2, 1, 13_003, 12_263, 14_734),
            seed000("xfs", "xfs-dio", 2, 2, 12_337, 12_319, 13_086),
            seed000("xfs", "xfs-dio", 2, 4, 11_138, 11_026, 12_092),
            seed000("xfs", "xfs-dio", 2, 8, 13_424, 13_202, 14_442)));

    /** Objective evaluations of the fit that gave {@code FittedValues}' {@code local-loop}. */
    public static final int FIT_EVALUATIONS = 372;

    /** The section of the report: the recorded measurements against the committed {@code local-loop}. */
    public static String section() {
        LiveCalibration.Plan plan = LiveCalibration.Plan.full();
        Profile local = Profiles.get(Profiles.LOCAL_LOOP);
        Fitter.Result fit = new Fitter.Result(FittedValues.of(Profiles.LOCAL_LOOP),
                LiveCalibration.objective(DATA, plan, local), FIT_EVALUATIONS, Map.of());
        return LiveCalibration.outcome(DATA, plan, local, fit).section();
    }

    private static MeasuredRun characterisation(String column, int jobs, double median, double min, double max) {
        String label = switch (column) {
            case OVERWRITE_4K -> "4 KiB random overwrite";
            case OVERWRITE_64K -> "64 KiB random overwrite";
            default -> "4 KiB sequential into unwritten";
        };
        return new MeasuredRun("characterisation", "ext4", column, label, "ext4-base", jobs, median, min, max);
    }

    private static MeasuredRun seed000(String fs, String policy, int test, int jobs, double median, double min,
            double max) {
        return new MeasuredRun("seed000", fs, "Test " + test, "Test " + test, policy, jobs, median, min, max);
    }
}

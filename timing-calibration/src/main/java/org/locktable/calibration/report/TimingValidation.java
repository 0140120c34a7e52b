package org.locktable.calibration.report;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.live.PageWritebackCounts;
import org.locktable.calibration.live.RecordedLiveRun;
import org.locktable.calibration.live.RecordedPairs;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.check.RunLength;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;

/**
 * The timing model's validation report, {@code timing-validation.md}: every published cell with its prediction
 * and error, whether it trained a profile, a summary per table against the accuracy targets, the predictions for
 * the withheld cells (seed 000 Test 2, seed 004's 512-byte runs), the assumptions, the invariants and a
 * sensitivity sweep. Deterministic: the committed profiles, fixed seeds, {@link Locale#ROOT} formatting, no
 * dates or machine facts (an optional live section, passed in, is the only exception and says so).
 *
 * <p>{@link Validation} computes, one class per section renders, the fixed text is in the prose resource
 * ({@link org.locktable.calibration.text.Prose}).
 * {@code locktable docs} writes {@link #report()} to {@code generated-docs/timing-validation.md} (the model report
 * plus the recorded live run, {@link RecordedLiveRun}); by hand: {@code locktable calibrate report --out FILE
 * [--live SECTION.md]}.
 */
public final class TimingValidation {
    private TimingValidation() {
    }

    /**
     * What {@code generated-docs/timing-validation.md} holds: the report with the committed profiles at
     * {@link Fidelity#REPORT}, the recorded live run ({@link RecordedLiveRun#section()}) and the recorded mechanism
     * checks ({@link RecordedPairs#section()}, {@link PageWritebackCounts#recordedSection()}). Deterministic.
     */
    public static String report() {
        return report(Fidelity.REPORT, RecordedLiveRun.section(), mechanismSections());
    }

    /** The recorded mechanism checks: the designed pairs (section 9) and the counted one (section 10). */
    private static String mechanismSections() {
        return RecordedPairs.section().strip() + "\n\n" + PageWritebackCounts.recordedSection();
    }

    /** The report without any live section. */
    public static String modelReport() {
        return report(Fidelity.REPORT, null, null);
    }

    /** The report with {@code liveSection} (a fresh live run's) instead of the recorded one. */
    public static String reportWithLive(String liveSection) {
        return report(Fidelity.REPORT, liveSection, mechanismSections());
    }

    /** The report; {@code liveSection} (Markdown, may be null) is appended as it is. */
    public static String report(Fidelity fidelity, String liveSection) {
        return report(fidelity, liveSection, null);
    }

    /** The report; the live and mechanism sections (Markdown, each may be null) are appended as they are. */
    public static String report(Fidelity fidelity, String liveSection, String pairsSection) {
        return render(Predictor.committed(fidelity), Profiles::get, liveSection, pairsSection);
    }

    private static String render(Predictor p, Function<String, Profile> profiles, String live, String pairs) {
        List<Validation.Row> rows = Validation.rows(p);
        // warm the withheld runs in parallel
        Validation.allRuns().parallelStream().forEach(r -> p.run(r.column(), r.jobs()));
        boolean hasLive = live != null && !live.isBlank();
        boolean hasPairs = pairs != null && !pairs.isBlank();

        Markdown md = new Markdown();
        md.prose("intro", "replications", Integer.toString(p.fidelity().replications()),
                "iosPerJob", Long.toString(p.fidelity().iosPerJob()),
                "packIosPerJob", Long.toString(RunLength.PACK_IOS_PER_JOB),
                "seconds", Formats.fmt(p.fidelity().seconds(), 2),
                "lockShare", Formats.pct(Validation.LOCK_BOUND_SHARE).replace(".0 ", " "));
        md.paragraph("Contents: 1. Summary against the targets and the refit's goals · 2. Predictions for the withheld cells · 3. Every "
                + "published cell · 4. Profiles and provenance · 5. Assumptions · 6. Invariants · 7. Sensitivity, bands and the "
                + "model without the kernel's waiting rules"
                + (hasLive ? " · 8. Live validation on this machine" : "")
                + (hasPairs ? " · 9. Mechanisms checked live, one at a time · 10. A mechanism counted live" : "")
                + " · 11. Validation as a user meets the model");
        CellBands bands = new CellBands(p);
        SummarySection.write(md, rows);
        GoalsSection.write(md, p, bands, rows);
        WithheldSection.write(md, p);
        CellsSection.write(md, p, rows);
        ModelSections.profiles(md, profiles);
        ModelSections.assumptions(md);
        ModelSections.invariants(md, p);
        SensitivitySection.write(md, p, profiles);
        BandsSection.write(md, p, bands, rows);
        if (hasLive) {
            md.blank().append(live.strip()).append("\n");
        }
        if (hasPairs) {
            md.blank().append(pairs.strip()).append("\n");
        }
        md.blank();
        UserValidationSection.write(md, p);
        return md.text();
    }
}

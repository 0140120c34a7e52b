package org.locktable.calibration.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.report.Validation.Invariant;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.profile.Param;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.SeedWorkloads;

/** Sections 4 to 6: what the model is made of (profiles and provenance, assumptions) and its invariants. */
final class ModelSections {
    private ModelSections() {
    }

    /** Section 4: every profile's parameters, values, sources and provenance. */
    static void profiles(Markdown md, Function<String, Profile> profiles) {
        md.paragraph("## 4. Profiles and provenance");
        md.prose("profiles.intro");
        for (String name : Profiles.names()) {
            Profile pr = profiles.apply(name);
            md.paragraph("### " + name);
            md.paragraph(pr.description() + ". Device: `" + pr.device().getClass().getSimpleName() + "` — "
                    + pr.device().describe() + ".");
            md.table("lrll", "parameter", "value", "source", "provenance");
            for (Param prm : pr.params()) {
                String bound = "";
                if (prm.source() == Param.Source.FITTED) {
                    ProfileSpec.Def d = Profiles.spec(name).def(prm.name());
                    bound = prm.value() <= d.lower() * 1.001 ? " (at the fit's lower bound)"
                            : prm.value() >= d.upper() * 0.999 ? " (at the fit's upper bound)" : "";
                }
                md.row("`" + prm.name() + "`", Profiles.format(prm.value(), prm.unit()) + bound,
                        prm.source().name().toLowerCase(Locale.ROOT), prm.provenance());
            }
            md.blank();
        }
    }

    /** Section 5: the assumptions, seed 002's per-table workload assumptions filled in. */
    static void assumptions(Markdown md) {
        md.paragraph("## 5. Assumptions");
        List<String> s002 = new ArrayList<>();
        for (int t = 1; t <= 4; t++) {
            s002.add("Table " + t + ": " + SeedWorkloads.seed("seed002-table" + t).assumptions());
        }
        md.prose("assumptions", "seed002", String.join("; ", s002));
    }

    /** Section 6: each invariant, how many runs it was checked on, and whether it holds. */
    static void invariants(Markdown md, Predictor p) {
        md.paragraph("## 6. Invariants");
        md.table("lrl", "invariant", "checked", "holds");
        for (Invariant inv : Validation.invariants(p)) {
            md.row(inv.name(), inv.checked(), inv.holds() ? "yes" : "NO: " + String.join("; ", inv.failures()));
        }
        md.blank();
    }
}

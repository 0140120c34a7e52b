package org.locktable.calibration.report;

import static org.locktable.calibration.report.Formats.pct;
import static org.locktable.calibration.report.Formats.signedPct;
import static org.locktable.calibration.report.Formats.value;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.report.UserValidation.Graded;
import org.locktable.calibration.report.UserValidation.Source;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.interval.Intervals;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.DeviceClasses;

/**
 * Section 11: the model as a user meets it ({@link UserValidation}), against the goals: at least 90 % of
 * published and live values inside their 90 % intervals, the median interval no wider than 4x, the point's mean
 * error at most 25 % on what was not fitted. Every value is listed, and each miss.
 */
final class UserValidationSection {
    static final double COVERAGE_GOAL = 0.90;
    static final double WIDTH_GOAL = 4;
    static final double ERROR_GOAL = 0.25;

    private UserValidationSection() {
    }

    static void write(Markdown md, Predictor p) {
        List<Graded> all = UserValidation.all(p);
        md.paragraph("## 11. Validation as a user meets the model");
        md.prose("user.intro", "draws", Integer.toString(Intervals.DRAWS), "pooled", ModelError.pooled("-").text());
        goals(md, all);
        md.paragraph("### Each seed with its device from its class (leave one seed out)");
        md.prose("user.class");
        md.table("lllrrrrrr", "seed", "class", "host", "values", "mean |err|", "≤ 25 %", "inside 90 %",
                "median width", "ratios inside");
        for (Source source : new Source[] {Source.CLASS, Source.CLASS_HERE}) {
            for (String seed : UserValidation.SEEDS) {
                summaryRow(md, select(all, g -> g.source() == source && g.group().equals(seed)), seed,
                        DeviceClasses.classOf(seed), source == Source.CLASS ? "its own" : "this machine's");
            }
        }
        md.blank();
        md.paragraph("### Each seed with its own profile");
        md.prose("user.own");
        md.table("llrrrrrr", "seed", "model error", "held-out values", "mean |err|", "≤ 25 %", "inside 90 %",
                "median width", "held-out ratios inside");
        for (String seed : UserValidation.SEEDS) {
            summaryRow(md, select(all, g -> g.source() == Source.OWN && g.group().equals(seed)), seed,
                    ModelError.of(seed).own() ? "its fit's" : "pooled");
        }
        md.blank();
        md.paragraph("### Other public lock-change tables");
        for (ExternalTable t : ExternalTable.all()) {
            md.paragraph("**" + t.source() + "**: the job file `" + t.fio() + "` (timing-calibration's resources); the "
                    + "device as `" + t.deviceClass() + "`, " + t.deviceWhy() + "; `" + String.join("` against `",
                    t.policies()) + "`: " + t.policiesWhy() + ".");
        }
        md.paragraph("### Live mechanism pairs on this machine");
        md.prose("user.live");
        md.paragraph("### Every value");
        md.table("lllrrrlll", "source", "group", "value", "published", "predicted", "error", "90 % interval",
                "inside", "dominant");
        for (Graded g : all) {
            md.row(g.source().text, g.group(), "`" + g.name() + "`",
                    number(g.published(), g.unit()), number(g.band().nominal(), g.unit()), signedPct(g.error()),
                    number(g.band().low(), g.unit()) + ".." + number(g.band().high(), g.unit()),
                    g.inside() ? "yes" : "**no**", g.band().dominant());
        }
        md.blank();
    }

    private static void goals(Markdown md, List<Graded> all) {
        List<Graded> values = select(all, g -> !g.ratio());
        md.table("lllr", "goal", "over", "result", "met");
        for (Source s : Source.values()) {
            List<Graded> v = select(values, g -> g.source() == s);
            md.row("inside the 90 % interval (at least " + pct(COVERAGE_GOAL).replace(".0 ", " ") + ")", s.text,
                    inside(v), yes(fraction(v) >= COVERAGE_GOAL));
        }
        md.row("inside the 90 % interval", "all of them", inside(values), yes(fraction(values) >= COVERAGE_GOAL));
        md.row("median interval width at most " + (int) WIDTH_GOAL + "x", "all of them",
                String.format(Locale.ROOT, "%.2fx", median(values)), yes(median(values) <= WIDTH_GOAL));
        md.row("mean |error| of the point at most " + pct(ERROR_GOAL).replace(".0 ", " "), "all of them",
                pct(meanAbs(values)) + " (" + values.size() + " values)", yes(meanAbs(values) <= ERROR_GOAL));
        List<Graded> ratios = select(all, Graded::ratio);
        md.row("speedups inside their 90 % interval", "all of them", inside(ratios),
                yes(fraction(ratios) >= COVERAGE_GOAL));
        md.blank();
        List<String> misses = new ArrayList<>();
        for (Graded g : all) {
            if (!g.inside()) {
                misses.add(g.source().name().toLowerCase(Locale.ROOT) + " " + g.name() + " " + signedPct(g.error()));
            }
        }
        md.paragraph("Outside their interval (" + misses.size() + " of " + all.size() + ", none fitted): "
                + (misses.isEmpty() ? "none." : String.join(", ", misses) + "."));
        md.prose("user.misses");
    }

    /** The {@code lead} cells, then {@code gs}'s values and ratios summed up. */
    private static void summaryRow(Markdown md, List<Graded> gs, Object... lead) {
        List<Graded> v = select(gs, g -> !g.ratio());
        List<Graded> r = select(gs, Graded::ratio);
        List<Object> cells = new ArrayList<>(List.of(lead));
        cells.addAll(List.of(v.size(), v.isEmpty() ? "-" : pct(meanAbs(v)),
                v.stream().filter(g -> Math.abs(g.error()) <= ERROR_GOAL).count(), inside(v),
                v.isEmpty() ? "-" : String.format(Locale.ROOT, "%.2fx", median(v)), inside(r)));
        md.row(cells.toArray());
    }

    private static List<Graded> select(List<Graded> gs, Predicate<Graded> p) {
        return gs.stream().filter(p).toList();
    }

    private static String inside(List<Graded> gs) {
        long in = gs.stream().filter(Graded::inside).count();
        return gs.isEmpty() ? "-" : in + " of " + gs.size() + " (" + pct(fraction(gs)) + ")";
    }

    private static double fraction(List<Graded> gs) {
        return gs.isEmpty() ? 1 : (double) gs.stream().filter(Graded::inside).count() / gs.size();
    }

    private static double meanAbs(List<Graded> gs) {
        return gs.stream().mapToDouble(g -> Math.abs(g.error())).average().orElse(0);
    }

    private static double median(List<Graded> gs) {
        double[] w = gs.stream().mapToDouble(Graded::width).sorted().toArray();
        if (w.length == 0) {
            return 1;
        }
        return w.length % 2 == 1 ? w[w.length / 2] : (w[w.length / 2 - 1] + w[w.length / 2]) / 2;
    }

    private static String yes(boolean met) {
        return met ? "yes" : "no";
    }

    private static String number(double v, String unit) {
        return unit.equals("x") ? String.format(Locale.ROOT, "%.2fx", v) : value(v);
    }
}

package org.locktable.calibration.report;

import static org.locktable.calibration.report.Formats.pct;
import static org.locktable.calibration.report.Formats.signedPct;
import static org.locktable.calibration.report.Formats.value;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.check.Band;
import org.locktable.timing.check.Bands;
import org.locktable.timing.profile.ParameterRange;
import org.locktable.timing.profile.ParameterRanges;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.sim.WaitRules;

/**
 * The end of section 7: every published and withheld cell's band over its profile's parameter ranges
 * ({@link Bands}), and the cells' errors under the kernel's waiting rules with the committed (unrefitted) values.
 */
final class BandsSection {
    /** The band variants' work. */
    static final Fidelity BAND_FIDELITY = Fidelity.QUICK;
    /** The seed of the joint draws. */
    static final long SEED = 1;

    private final Predictor p;
    private final Predictor ref;
    /** Per profile: the variants' predictors (each range's low and high end, then the draws). */
    private final Map<String, List<Predictor>> variants = new LinkedHashMap<>();

    private BandsSection(Predictor p) {
        this.p = p;
        this.ref = Predictor.committed(BAND_FIDELITY);
    }

    static void write(Markdown md, Predictor p, List<Validation.Row> rows) {
        new BandsSection(p).write(md, rows);
    }

    private void write(Markdown md, List<Validation.Row> rows) {
        md.paragraph("### Bands over the parameter ranges");
        md.prose("bands.intro", "samples", Integer.toString(Bands.SAMPLES), "seed", Long.toString(SEED),
                "iosPerJob", Long.toString(BAND_FIDELITY.iosPerJob()));
        md.table("lrrrrll", "column (policy)", "jobs", "published", "predicted", "band", "dominant",
                "published in band");
        for (Validation.Row r : rows) {
            Cell c = r.cell();
            Band b = band(c.column(), c.jobs(), c.metric());
            md.row(c.column().id() + " (`" + c.column().policy() + "`)", c.jobs(),
                    value(c.published()) + " " + c.metric().unit(), value(r.predicted()), range(b), b.dominant(),
                    b.low() <= c.published() && c.published() <= b.high() ? "yes" : "no");
        }
        for (Validation.Run run : withheld()) {
            Band b = band(run.column(), run.jobs(), Metric.IOPS);
            md.row(run.column().id() + " (`" + run.column().policy() + "`)", run.jobs(), "withheld",
                    value(b.nominal()), range(b), b.dominant(), "-");
        }
        md.blank();
        rules(md, rows);
    }

    private void rules(Markdown md, List<Validation.Row> rows) {
        md.paragraph("### The kernel's waiting rules, committed values not refitted");
        md.prose("rules.intro");
        Predictor kernel = p.withRules(WaitRules.KERNEL);
        List<Cell> cells = new ArrayList<>();
        for (Validation.Row r : rows) {
            cells.add(r.cell());
        }
        double[] k = kernel.predict(cells);
        md.table("lrrrrr", "cells", "count", "max |err| fitted rules", "mean |err| fitted rules",
                "max |err| kernel rules", "mean |err| kernel rules");
        for (Validation.Kind kind : Validation.Kind.values()) {
            double maxF = 0;
            double sumF = 0;
            double maxK = 0;
            double sumK = 0;
            int n = 0;
            for (int i = 0; i < rows.size(); i++) {
                Validation.Row r = rows.get(i);
                if (r.kind() != kind) {
                    continue;
                }
                double eK = Math.abs(k[i] / r.cell().published() - 1);
                maxF = Math.max(maxF, Math.abs(r.error()));
                sumF += Math.abs(r.error());
                maxK = Math.max(maxK, eK);
                sumK += eK;
                n++;
            }
            if (n > 0) {
                md.row(kind.text(), n, pct(maxF), pct(sumF / n), pct(maxK), pct(sumK / n));
            }
        }
        md.blank();
        md.table("lrrrr", "held-out cell", "jobs", "published", "error, fitted rules", "error, kernel rules");
        for (int i = 0; i < rows.size(); i++) {
            Validation.Row r = rows.get(i);
            if (r.cell().training()) {
                continue;
            }
            md.row(r.cell().column().id() + " (`" + r.cell().column().policy() + "`)", r.cell().jobs(),
                    value(r.cell().published()) + " " + r.cell().metric().unit(), signedPct(r.error()),
                    signedPct(k[i] / r.cell().published() - 1));
        }
        md.blank();
    }

    private static String range(Band b) {
        return b.low() == b.high() ? "-" : value(b.low()) + ".." + value(b.high());
    }

    private static List<Validation.Run> withheld() {
        List<Validation.Run> out = new ArrayList<>();
        for (Column c : SeedCells.seed000Test2()) {
            for (int n : SeedCells.seed000JobCounts()) {
                out.add(new Validation.Run(c, n));
            }
        }
        for (Column c : SeedCells.seed004At512()) {
            out.add(new Validation.Run(c, 1));
        }
        return out;
    }

    private Band band(Column c, int jobs, Metric metric) {
        List<ParameterRange> ranges = ParameterRanges.of(c.profile());
        double at = metric.of(p.run(c, jobs));
        if (ranges.isEmpty()) {
            return Band.point(at);
        }
        List<Predictor> vs = variants.computeIfAbsent(c.profile(), this::variants);
        int k = ranges.size();
        double[] lows = new double[k];
        double[] highs = new double[k];
        double[] draws = new double[vs.size() - 2 * k];
        for (int i = 0; i < k; i++) {
            lows[i] = metric.of(vs.get(2 * i).run(c, jobs));
            highs[i] = metric.of(vs.get(2 * i + 1).run(c, jobs));
        }
        for (int i = 0; i < draws.length; i++) {
            draws[i] = metric.of(vs.get(2 * k + i).run(c, jobs));
        }
        return Bands.band(at, metric.of(ref.run(c, jobs)), ranges, lows, highs, draws);
    }

    private List<Predictor> variants(String profile) {
        List<Predictor> out = new ArrayList<>();
        for (ParameterRange r : ParameterRanges.of(profile)) {
            out.add(variant(profile, Map.of(r.parameter(), r.low())));
            out.add(variant(profile, Map.of(r.parameter(), r.high())));
        }
        for (Map<String, Double> d : Bands.draws(ParameterRanges.of(profile), SEED)) {
            out.add(variant(profile, d));
        }
        return out;
    }

    private static Predictor variant(String profile, Map<String, Double> values) {
        var changed = ParameterRanges.with(profile, values);
        return new Predictor(n -> n.equals(profile) ? changed : Profiles.get(n), BAND_FIDELITY);
    }
}

package org.locktable.calibration.report;

import static org.locktable.calibration.report.Formats.pct;
import static org.locktable.calibration.report.Formats.signedPct;
import static org.locktable.calibration.report.Formats.value;

import java.util.ArrayList;
import java.util.List;

import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.check.Band;
import org.locktable.timing.check.Bands;
import org.locktable.timing.check.RunLength;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.sim.WaitRules;

/**
 * The end of section 7: every published and withheld cell's band over its profile's parameter ranges
 * ({@link CellBands}), and the cells' errors with the committed values under none of the kernel's waiting rules
 * (the model before the audit, not refitted).
 */
final class BandsSection {
    private final Predictor p;
    private final CellBands bands;

    private BandsSection(Predictor p, CellBands bands) {
        this.p = p;
        this.bands = bands;
    }

    static void write(Markdown md, Predictor p, CellBands bands, List<Validation.Row> rows) {
        new BandsSection(p, bands).write(md, rows);
    }

    private void write(Markdown md, List<Validation.Row> rows) {
        md.paragraph("### Bands over the parameter ranges");
        md.prose("bands.intro", "samples", Integer.toString(Bands.SAMPLES), "seed", Long.toString(CellBands.SEED),
                "iosPerJob", Long.toString(CellBands.FIDELITY.iosPerJob()),
                "packIosPerJob", Long.toString(RunLength.PACK_IOS_PER_JOB));
        md.table("lrrrrll", "column (policy)", "jobs", "published", "predicted", "band", "dominant",
                "published in band");
        for (Validation.Row r : rows) {
            Cell c = r.cell();
            Band b = bands.band(c.column(), c.jobs(), c.metric());
            md.row(c.column().id() + " (`" + c.column().policy() + "`)", c.jobs(),
                    value(c.published()) + " " + c.metric().unit(), value(r.predicted()), range(b), b.dominant(),
                    b.low() <= c.published() && c.published() <= b.high() ? "yes" : "no");
        }
        for (Validation.Run run : withheld()) {
            Band b = bands.band(run.column(), run.jobs(), Metric.IOPS);
            md.row(run.column().id() + " (`" + run.column().policy() + "`)", run.jobs(), "withheld",
                    value(b.nominal()), range(b), b.dominant(), "-");
        }
        md.blank();
        rules(md, rows);
    }

    private void rules(Markdown md, List<Validation.Row> rows) {
        md.paragraph("### Without the kernel's waiting rules, committed values not refitted");
        md.prose("rules.intro");
        Predictor none = p.withRules(WaitRules.NONE);
        List<Cell> cells = new ArrayList<>();
        for (Validation.Row r : rows) {
            cells.add(r.cell());
        }
        double[] k = none.predict(cells);
        md.table("lrrrrr", "cells", "count", "max |err| kernel rules", "mean |err| kernel rules",
                "max |err| no rules", "mean |err| no rules");
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
        md.table("lrrrr", "held-out cell", "jobs", "published", "error, kernel rules", "error, no rules");
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

    static String range(Band b) {
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
}

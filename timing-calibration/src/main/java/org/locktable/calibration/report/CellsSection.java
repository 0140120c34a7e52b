package org.locktable.calibration.report;

import static org.locktable.calibration.report.Formats.shortTable;
import static org.locktable.calibration.report.Formats.signedPct;
import static org.locktable.calibration.report.Formats.value;

import java.util.List;
import java.util.Locale;

import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.report.Validation.Row;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.SeedCells;

/** Section 3: every published cell with its prediction, a table per seed table, each followed by its note. */
final class CellsSection {
    private CellsSection() {
    }

    static void write(Markdown md, Predictor p, List<Row> rows) {
        md.paragraph("## 3. Every published cell");
        md.prose("cells.intro");
        String table = null;
        for (Row r : rows) {
            Cell c = r.cell();
            String t = "seed " + c.column().seed() + ", " + c.column().table();
            if (!t.equals(table)) {
                table = t;
                md.paragraph("### " + t);
                md.table("lllrrrrrrl", "seed", "table", "column (policy)", "jobs", "published", "predicted",
                        "run to run", "error", "lock wait", "used for fitting");
            }
            String column = c.column().label() + " (`" + c.column().policy() + "`"
                    + (c.column().adjustment() == Column.Adjustment.NONE ? "" : " " + c.column().adjustment().text())
                    + ")";
            md.row(c.column().seed(), shortTable(c.column().table()), column, c.jobs(),
                    value(c.published()) + " " + c.metric().unit(), value(r.predicted()),
                    String.format(Locale.ROOT, "±%.1f %%", 100 * p.standardError(c.column(), c.jobs(), c.metric())),
                    signedPct(r.error()) + (r.withinTarget() ? "" : " ✗"),
                    String.format(Locale.ROOT, "%.0f %%", 100 * Validation.lockWaitShare(p.run(c.column(), c.jobs()))),
                    c.training() ? "yes" : "no (" + r.kind().text() + ")");
            if (c == lastOf(rows, c.column().table(), c.column().seed())) {
                md.blank();
                note(md, p, c.column());
            }
        }
    }

    private static Cell lastOf(List<Row> rows, String table, String seed) {
        Cell last = null;
        for (Row r : rows) {
            if (r.cell().column().table().equals(table) && r.cell().column().seed().equals(seed)) {
                last = r.cell();
            }
        }
        return last;
    }

    /** The note after a seed table, where it has one. */
    private static void note(Markdown md, Predictor p, Column c) {
        switch (c.seed() + c.table().substring(0, Math.min(7, c.table().length()))) {
            case "000Test 1 " -> {
                double b = p.mean(SeedCells.S000_T1_BASE, 32, Metric.IOPS);
                double a = p.mean(SeedCells.S000_T1_P1, 32, Metric.IOPS);
                long ios = 32L * (1L << 30) / 8192;
                md.prose("note.seed000-test1", "writes", String.format(Locale.ROOT, "%,d", ios),
                        "base", String.format(Locale.ROOT, "%.1f", ios / b),
                        "patched", String.format(Locale.ROOT, "%.1f", ios / a));
            }
            case "001ext4 DI" -> md.prose("note.seed001");
            case "002Table 1" -> md.prose("note.seed002-table1");
            case "002Table 2" -> md.prose("note.seed002-table2");
            case "002Table 4" -> md.prose("note.seed002-table4");
            default -> {
            }
        }
    }
}

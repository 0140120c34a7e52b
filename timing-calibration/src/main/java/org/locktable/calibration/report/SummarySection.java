package org.locktable.calibration.report;

import static org.locktable.calibration.report.Formats.pct;
import static org.locktable.calibration.report.Formats.signedPct;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.locktable.calibration.report.Validation.Kind;
import org.locktable.calibration.report.Validation.Row;
import org.locktable.calibration.report.Validation.Summary;
import org.locktable.calibration.text.Markdown;

/** Section 1: the errors per table and per target group, and the cells outside their target. */
final class SummarySection {
    private SummarySection() {
    }

    static void write(Markdown md, List<Row> rows) {
        md.paragraph("## 1. Summary against the targets");
        md.table("lrrrrrrrr", "table", "cells", "fit", "max |err|", "mean |err|", "≤ 5 %", "≤ 10 %", "≤ 15 %",
                "within own target");
        Map<String, List<Row>> byTable = new LinkedHashMap<>();
        for (Row r : rows) {
            byTable.computeIfAbsent("seed " + r.cell().column().seed() + " " + r.cell().column().table(),
                    k -> new ArrayList<>()).add(r);
        }
        for (Map.Entry<String, List<Row>> e : byTable.entrySet()) {
            Summary s = Validation.summary(e.getKey(), e.getValue());
            md.row(s.name(), s.cells(), s.training(), pct(s.maxAbs()), pct(s.meanAbs()), s.within5(), s.within10(),
                    s.within15(), s.meetingTarget() + " of " + s.cells());
        }
        md.blank();
        md.table("lrrrrrrrr", "group", "target", "cells", "max |err|", "mean |err|", "≤ 5 %", "≤ 10 %", "≤ 15 %",
                "within target");
        for (Kind k : Kind.values()) {
            List<Row> g = rows.stream().filter(r -> r.kind() == k).toList();
            Summary s = Validation.summary(k.text(), g);
            md.row(k.text(), String.format(Locale.ROOT, "±%.0f %%", 100 * k.target()), s.cells(), pct(s.maxAbs()),
                    pct(s.meanAbs()), s.within5(), s.within10(), s.within15(), s.meetingTarget() + " of " + s.cells());
        }
        md.blank();
        List<Row> misses = rows.stream().filter(r -> !r.withinTarget()).toList();
        md.paragraph("Cells outside their target (" + misses.size() + " of " + rows.size() + "): "
                + (misses.isEmpty() ? "none." : String.join(", ", misses.stream().map(r -> r.cell().key() + " "
                        + signedPct(r.error())).toList()) + "."));
    }
}

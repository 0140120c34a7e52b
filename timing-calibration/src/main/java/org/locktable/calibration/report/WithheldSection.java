package org.locktable.calibration.report;

import static org.locktable.calibration.report.Formats.fioBw;
import static org.locktable.calibration.report.Formats.fioBwShort;
import static org.locktable.calibration.report.Formats.fioNum;
import static org.locktable.calibration.report.Formats.grouped;

import java.util.List;
import java.util.Locale;

import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.sim.SimResult;

/** Section 2: the predictions for the cells no profile was fitted on (seed 000 Test 2, seed 004 at 512 B). */
final class WithheldSection {
    private WithheldSection() {
    }

    static void write(Markdown md, Predictor p) {
        md.paragraph("## 2. Predictions for the withheld cells");
        md.prose("withheld.intro");
        seed000Test2(md, p);
        seed004At512(md, p);
    }

    private static void seed000Test2(Markdown md, Predictor p) {
        md.paragraph("### Seed 000, Test 2 (unaligned 14336-byte DIO writes at +512 in each 16 KiB stripe, W U U W)");
        md.prose("withheld.seed000", "assumptions", SeedWorkloads.seed("seed000-test2").assumptions());
        md.line("  JOBS         base    +patch 1    +patch 1+2    speedup");
        md.line("  ----    ---------    --------    ----------    -------");
        List<Column> t2 = SeedCells.seed000Test2();
        for (int n : SeedCells.seed000JobCounts()) {
            double b = p.mean(t2.get(0), n, Metric.IOPS);
            double p1 = p.mean(t2.get(1), n, Metric.IOPS);
            double p12 = p.mean(t2.get(2), n, Metric.IOPS);
            md.line(String.format(Locale.ROOT, "  %4d    %9s    %8s    %10s    %6.2fx", n, grouped(b), grouped(p1),
                    grouped(p12), p12 / b));
        }
        double b32 = p.mean(t2.get(0), 32, Metric.IOPS);
        double p32 = p.mean(t2.get(2), 32, Metric.IOPS);
        long writes = 32L * (1L << 30) / 16384;
        md.blank();
        md.paragraph(String.format(Locale.ROOT, "Wall time at JOBS=32 (%,d writes, 1 GiB region per job at a 16 KiB "
                + "stride): %.1f s (base) -> %.1f s (+patch 1+2), %.2fx faster. Speedup = +patch 1+2 / base.",
                writes, writes / b32, writes / p32, p32 / b32));
        SimResult rb = p.run(t2.get(0), 32);
        SimResult r12 = p.run(t2.get(2), 32);
        md.prose("withheld.seed000.why", "restarts", Long.toString(rb.counters().restarts()),
                "writes", Long.toString(rb.writeIos()), "drains", Long.toString(rb.counters().drains()),
                "forceWaits", Long.toString(rb.counters().forceWaits()),
                "shared", Long.toString(r12.counters().sharedGrants()),
                "exclusive", Long.toString(r12.counters().exclusiveGrants()));
    }

    private static void seed004At512(Markdown md, Predictor p) {
        md.paragraph("### Seed 004, 512-byte randrw (fio libaio, iodepth 32)");
        md.prose("withheld.seed004", "assumptions", SeedWorkloads.seed("seed004-512").assumptions());
        for (Column c : SeedCells.seed004At512()) {
            double reads = 0;
            double writes = 0;
            for (SimResult r : p.runs(c, 1)) {
                reads += r.readIops() / p.fidelity().replications();
                writes += r.writeIops() / p.fidelity().replications();
            }
            md.paragraph(c.label() + " (" + c.policy() + "):");
            fioLines(md, reads, writes, 512, 30.0);
            md.blank();
        }
        double v = p.mean(SeedCells.S004_512_VANILLA, 1, Metric.IOPS);
        double pa = p.mean(SeedCells.S004_512_PATCHED, 1, Metric.IOPS);
        md.paragraph(String.format(Locale.ROOT, "Total IOPS (read + write): vanilla %s, patched %s (%.2fx). For "
                + "reference the model's 4 KiB run (fitted): %s IOPS.", grouped(v), grouped(pa), pa / v,
                grouped(p.mean(SeedCells.S004_4K, 1, Metric.IOPS))));
    }

    /** fio's group lines (READ, WRITE) and IOPS line for {@code seconds} at these IOPS. */
    private static void fioLines(Markdown md, double readIops, double writeIops, long bs, double seconds) {
        long ms = Math.round(seconds * 1000);
        md.line("    " + fioGroup("READ", readIops * bs, seconds, ms));
        md.line("    " + fioGroup("WRITE", writeIops * bs, seconds, ms));
        md.line(String.format(Locale.ROOT, "    (read: IOPS=%s, write: IOPS=%s)", fioNum(readIops),
                fioNum(writeIops)));
    }

    private static String fioGroup(String dir, double bytesPerSecond, double seconds, long ms) {
        String bw = fioBw(bytesPerSecond);
        double io = bytesPerSecond * seconds;
        String mib = fioBwShort(bytesPerSecond, true);
        String mb = fioBwShort(bytesPerSecond, false);
        return String.format(Locale.ROOT, "%5s: bw=%s, %s-%s (%s-%s), io=%.0fMiB (%.0fMB), run=%d-%dmsec", dir,
                bw, mib, mib, mb, mb, io / 1048576.0, io / 1e6, ms, ms);
    }
}

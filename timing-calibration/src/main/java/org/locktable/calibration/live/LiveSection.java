package org.locktable.calibration.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.locktable.calibration.live.LiveCalibration.LiveData;
import org.locktable.calibration.live.LiveCalibration.MeasuredRun;
import org.locktable.calibration.live.LiveCalibration.Measurement;
import org.locktable.calibration.live.LiveCalibration.Plan;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.profile.Param;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;

/** The live run's section of the validation report: measured against predicted, with the kernel version. */
final class LiveSection {
    private LiveSection() {
    }

    static String render(Plan plan, LiveData data, Profile local, double objective, int evaluations,
            List<Measurement> ms) {
        Markdown md = new Markdown();
        md.paragraph("## 8. Live validation on this machine (Linux " + data.kernel() + ")");
        md.prose("live.intro", "command", data.command(), "plan", plan.name(), "kernel", data.kernel(),
                "cores", Integer.toString(data.cores()), "fio", data.fio(),
                "imageMiB", Long.toString(plan.imageBytes() >> 20),
                "repeats", plan.repeats() + (plan.repeats() == 1 ? " run" : " runs, with the range"),
                "load", data.load());
        md.paragraph("### Device characterisation (fio libaio, iodepth 1 unless named, O_DIRECT, ext4; fits "
                + "`local-loop`)");
        md.table("lrrrrrrr", "run", "jobs", "measured IOPS", "range", "fio CPU per I/O", "context switches per I/O",
                "fitted model IOPS", "error");
        for (int i = 0; i < ms.size(); i++) {
            Measurement m = ms.get(i);
            MeasuredRun r = data.runs().get(i); // LiveCalibration.predict keeps the runs' order
            if (m.group().equals("characterisation")) {
                md.row(m.run(), m.jobs(), iops(m.measured()), range(m), Profiles.format(r.cpuPerIoNs(), "ns"),
                        String.format(Locale.ROOT, "%.3f", r.contextSwitchesPerIo()), iops(m.predicted()), error(m));
            }
        }
        md.blank();
        List<String> unsteady = data.unsteadyCharacterisation();
        md.paragraph(unsteady.isEmpty() ? "Every run's repetitions lie within 1.5x of each other."
                : "Repetitions more than 1.5x apart (max / min), so a less certain median: " + String.join("; ",
                        unsteady) + ".");
        md.prose("live.reading");
        List<String> values = new ArrayList<>();
        for (Param p : local.params()) {
            if (p.source() == Param.Source.FITTED || p.source() == Param.Source.MEASURED) {
                values.add("`" + p.name() + "` = " + Profiles.format(p.value(), p.unit()));
            }
        }
        md.prose("live.fitted", "objective", String.format(Locale.ROOT, "%.3g", objective),
                "evaluations", Integer.toString(evaluations), "values", String.join(", ", values),
                "locked", Profiles.format(local.cost().lockedNs(), "ns"),
                "relock", Profiles.format(local.cost().relockNs(), "ns"),
                "handoff", Profiles.format(local.cost().handoffNs(), "ns"));
        md.paragraph("### Seed 000's workloads, scaled to " + (plan.seedRegion() >> 20)
                + " MiB per job (libaio iodepth 1, W U U W rebuilt before every run)");
        md.paragraph("Layout: " + data.layoutCheck() + ".");
        md.table("llrrrrr", "file system (policy)", "test", "jobs", "measured IOPS", "range", "predicted IOPS", "error");
        double max = 0;
        double sum = 0;
        int n = 0;
        for (Measurement m : ms) {
            if (m.group().equals("seed000")) {
                md.row(m.fs() + " (`" + m.policy() + "`)", m.run(), m.jobs(), iops(m.measured()), range(m),
                        iops(m.predicted()), error(m));
                max = Math.max(max, Math.abs(m.error()));
                sum += Math.abs(m.error());
                n++;
            }
        }
        md.blank();
        md.line(String.format(Locale.ROOT, "Seed-000 rows: max |error| %.1f %%, mean |error| %.1f %% over %d runs.",
                100 * max, n == 0 ? 0 : 100 * sum / n, n));
        return md.text();
    }

    /** {@code 12,345}. */
    private static String iops(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    /** {@code +3.2 %}. */
    private static String error(Measurement m) {
        return String.format(Locale.ROOT, "%+.1f %%", 100 * m.error());
    }

    private static String range(Measurement m) {
        return m.min() == m.max() ? "-" : String.format(Locale.ROOT, "%,.0f-%,.0f", m.min(), m.max());
    }
}

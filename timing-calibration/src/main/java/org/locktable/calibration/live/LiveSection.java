package org.locktable.calibration.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.locktable.calibration.live.LiveCalibration.LiveData;
import org.locktable.calibration.live.LiveCalibration.Measurement;
import org.locktable.calibration.live.LiveCalibration.Plan;
import org.locktable.timing.profile.Param;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;

/** The live run's section of the validation report: measured against predicted, with the kernel version. */
final class LiveSection {
    private LiveSection() {
    }

    static String render(Plan plan, LiveData data, Profile local, double objective, int evaluations,
            List<Measurement> ms) {
        String kernel = data.kernel();
        String command = data.command();
        String fio = data.fio();
        int cores = data.cores();
        String load = data.load();
        String layoutCheck = data.layoutCheck();
        StringBuilder md = new StringBuilder();
        md.append("## 8. Live validation on this machine (Linux ").append(kernel).append(")\n\n");
        md.append("One recorded run of `").append(command).append("` (").append(plan.name()).append(" plan) on Linux ")
                .append(kernel).append(", ").append(cores).append(" CPUs, ").append(fio).append(": ext4 and XFS on ")
                .append(plan.imageBytes() >> 20).append(" MiB images on loop devices over a tmpfs. Measured numbers "
                        + "vary from run to run (this section is the only machine-dependent part of the report): "
                        + "each is the median of ").append(plan.repeats()).append(plan.repeats() == 1 ? " run"
                        : " runs, with the range").append("; load average (1 / 5 / 15 min) ").append(load)
                .append(", other processes included. The device characterisation refits `local-loop`; the "
                        + "seed-000 rows are predictions from that fit and were not used in it.\n\n");
        md.append("### Device characterisation (fio libaio iodepth 1, O_DIRECT, ext4; fits `local-loop`)\n\n");
        md.append("| run | jobs | measured IOPS | range | fitted model IOPS | error |\n"
                + "|---|---:|---:|---:|---:|---:|\n");
        for (Measurement m : ms) {
            if (m.group().equals("characterisation")) {
                md.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %s | %,.0f | %+.1f %% |%n", m.run(),
                        m.jobs(), m.measured(), range(m), m.predicted(), 100 * m.error()));
            }
        }
        md.append("\nReading this section: the loop device's work (copying into tmpfs) runs in a kernel worker on "
                + "the same vCPUs as fio and every other process, and a VM pays for waking an idle vCPU. The model has "
                + "no such wake-up cost, and running the device's service on its cores (`device.hostCpu`) fits no "
                + "better, so an all-shared sweep that does not scale like the model (compare its rows: a dip at 2 "
                + "jobs) leaves the fit to trade the device stage against Z and the latency. c, x and h are "
                + "`seed000-vm`'s scaled by the fitted Z. The ranges show how far single runs move.\n");
        md.append("\nFitted `local-loop` (objective ").append(String.format(Locale.ROOT, "%.3g", objective))
                .append(", ").append(evaluations).append(" evaluations): ");
        List<String> vals = new ArrayList<>();
        for (Param p : local.params()) {
            if (p.source() == Param.Source.FITTED || p.source() == Param.Source.MEASURED) {
                vals.add("`" + p.name() + "` = " + Profiles.format(p.value(), p.unit()));
            }
        }
        md.append(String.join(", ", vals)).append("; c, x and h are `seed000-vm`'s scaled by thinkNs: ")
                .append(Profiles.format(local.cost().lockedNs(), "ns")).append(", ")
                .append(Profiles.format(local.cost().relockNs(), "ns")).append(", ")
                .append(Profiles.format(local.cost().handoffNs(), "ns"))
                .append(" (not measurable in an all-shared characterisation).\n\n");
        md.append("### Seed 000's workloads, scaled to ").append(plan.seedRegion() >> 20)
                .append(" MiB per job (libaio iodepth 1, W U U W rebuilt before every run)\n\n");
        md.append("Layout: ").append(layoutCheck).append(".\n\n");
        md.append("| file system (policy) | test | jobs | measured IOPS | range | predicted IOPS | error |\n"
                + "|---|---|---:|---:|---:|---:|---:|\n");
        double max = 0;
        double sum = 0;
        int n = 0;
        for (Measurement m : ms) {
            if (m.group().equals("seed000")) {
                md.append(String.format(Locale.ROOT, "| %s (`%s`) | %s | %d | %,.0f | %s | %,.0f | %+.1f %% |%n",
                        m.fs(), m.policy(), m.run(), m.jobs(), m.measured(), range(m), m.predicted(),
                        100 * m.error()));
                max = Math.max(max, Math.abs(m.error()));
                sum += Math.abs(m.error());
                n++;
            }
        }
        md.append(String.format(Locale.ROOT, "%nSeed-000 rows: max |error| %.1f %%, mean |error| %.1f %% over %d "
                + "runs.%n", 100 * max, n == 0 ? 0 : 100 * sum / n, n));
        return md.toString();
    }

    private static String range(Measurement m) {
        return m.min() == m.max() ? "-" : String.format(Locale.ROOT, "%,.0f-%,.0f", m.min(), m.max());
    }
}

package org.locktable.calibration.report;

import static org.locktable.calibration.report.Formats.fmt;
import static org.locktable.calibration.report.Formats.grouped;
import static org.locktable.calibration.report.Formats.pct;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.locktable.calibration.fit.Calibration;
import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Simple;
import org.locktable.timing.profile.FittedValues;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.SeedCells;

/**
 * Section 7: how much the withheld predictions move with what the training cells cannot decide: the calibrated
 * alternatives of {@code seed000-vm}, and seed 004's unconstrained assumptions.
 */
final class SensitivitySection {
    private final Markdown md;
    private final Predictor p;
    private final Function<String, Profile> profiles;

    private SensitivitySection(Markdown md, Predictor p, Function<String, Profile> profiles) {
        this.md = md;
        this.p = p;
        this.profiles = profiles;
    }

    static void write(Markdown md, Predictor p, Function<String, Profile> profiles) {
        new SensitivitySection(md, p, profiles).write();
    }

    private void write() {
        md.paragraph("## 7. Sensitivity of the withheld predictions");
        md.paragraph("### Calibrated alternatives: `seed000-vm` refitted on Test 1 with one assumption changed");
        md.prose("sensitivity.alternatives", "iosPerJob", Long.toString(Fidelity.FIT.iosPerJob()),
                "replications", Integer.toString(Fidelity.FIT.replications()));
        md.table("lrrrrrr", "calibration", "Test 1 max |err|", "Test 1 mean |err|", "T2 base @1", "T2 base @32",
                "T2 +patch 1+2 @32", "speedup @32");
        altRow("as committed", profiles);
        for (FittedValues.Alternative a : FittedValues.alternatives()) {
            ProfileSpec spec = Calibration.alternativeSpec(a.profile(), a.param(), a.value());
            Profile alt = spec.build(a.values(), profiles);
            altRow(a.name() + " (`" + a.param() + "` = " + Profiles.format(a.value(), spec.def(a.param()).unit())
                    + ")", n -> n.equals(a.profile()) ? alt : profiles.apply(n));
        }
        md.blank();
        md.paragraph("### Seed 004's unconstrained assumptions (not refitted: the 4 KiB figure does not constrain them)");
        md.table("lrrr", "change", "512 B vanilla IOPS", "512 B patched IOPS", "patched / vanilla");
        s004Row("as committed", Function.identity());
        for (double f : new double[] {0.5, 2}) {
            s004Row("device latency x " + fmt(f, 1), pr -> pr.name().equals(Profiles.SEED004_VM)
                    ? withDevice(pr, f) : pr);
        }
        for (double f : new double[] {0.5, 1.5}) {
            s004Row("thinkNs and lockedNs x " + fmt(f, 1), pr -> pr.name().equals(Profiles.SEED004_VM)
                    ? withCost(pr, pr.cost().withThinkNs(pr.cost().thinkNs() * f).withLockedNs(
                            pr.cost().lockedNs() * f)) : pr);
        }
        for (double cv : new double[] {0, 1}) {
            s004Row("cost.cv = " + fmt(cv, 1), pr -> pr.name().equals(Profiles.SEED004_VM)
                    ? withCost(pr, pr.cost().withCv(cv)) : pr);
        }
        md.blank();
    }

    private void altRow(String label, Function<String, Profile> resolver) {
        Predictor q = new Predictor(resolver, Fidelity.FIT);
        List<Cell> t1 = SeedCells.training(Profiles.SEED000_VM);
        double[] pred = q.predict(t1);
        double max = 0;
        double sum = 0;
        for (int i = 0; i < pred.length; i++) {
            double e = Math.abs(pred[i] / t1.get(i).published() - 1);
            max = Math.max(max, e);
            sum += e;
        }
        double b1 = q.mean(SeedCells.S000_T2_BASE, 1, Metric.IOPS);
        double b = q.mean(SeedCells.S000_T2_BASE, 32, Metric.IOPS);
        double p12 = q.mean(SeedCells.S000_T2_P12, 32, Metric.IOPS);
        md.row(label, pct(max), pct(sum / pred.length), grouped(b1), grouped(b), grouped(p12), ratio(p12 / b));
    }

    private void s004Row(String label, Function<Profile, Profile> change) {
        Predictor q = new Predictor(name -> change.apply(profiles.apply(name)), p.fidelity());
        double v = q.mean(SeedCells.S004_512_VANILLA, 1, Metric.IOPS);
        double pa = q.mean(SeedCells.S004_512_PATCHED, 1, Metric.IOPS);
        double k4 = q.mean(SeedCells.S004_4K, 1, Metric.IOPS);
        md.row(label + (Math.abs(k4 / 151_552 - 1) > 0.05 ? " (4 KiB no longer fitted: " + grouped(k4) + " IOPS)" : ""),
                grouped(v), grouped(pa), ratio(pa / v));
    }

    /** {@code 1.97x}. */
    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.2fx", r);
    }

    private static Profile withCost(Profile pr, CostModel c) {
        return new Profile(pr.name(), pr.description(), pr.device(), c, pr.params());
    }

    private static Profile withDevice(Profile pr, double latencyFactor) {
        Simple s = (Simple) pr.device();
        Simple d = new Simple(s.latencyNs() * latencyFactor, s.perCommandNs(), s.bytesPerSecond(),
                s.maxQueueDepth(), s.serviceCv(), s.flushNs(), s.hostCpu(), s.rmwUnitBytes(), s.rmwNs(), s.wakeNs());
        return new Profile(pr.name(), pr.description(), d, pr.cost(), pr.params());
    }
}

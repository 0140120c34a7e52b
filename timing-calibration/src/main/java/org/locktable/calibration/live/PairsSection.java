package org.locktable.calibration.live;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.locktable.calibration.live.LiveLab.Repeated;
import org.locktable.calibration.live.MechanismPairs.PairPlan;
import org.locktable.calibration.live.PairLab.PairData;
import org.locktable.calibration.live.PairLab.PairRun;
import org.locktable.calibration.text.Markdown;
import org.locktable.timing.sim.WaitRules;

/** The mechanism checks' section of the validation report: each pair's measured ratio against the model's. */
final class PairsSection {
    /** A predicted ratio this close to the measured one (relative) counts as agreeing. */
    static final double AGREES = 0.15;
    /** A pair whose per-repetition ratios spread wider than this (max / min) is not graded: the machine was busy. */
    static final double REPEATABLE_SPREAD = 1.5;

    private PairsSection() {
    }

    static String render(PairPlan plan, PairData data) {
        Map<String, PairRun> measured = data.runs().stream()
                .collect(Collectors.toMap(PairRun::id, Function.identity()));
        Markdown md = new Markdown();
        md.paragraph("## 9. Mechanisms checked live, one at a time (Linux " + data.kernel() + ")");
        md.paragraph("A designed matrix, not a fit: each pair is two fio runs on one file system that differ in one "
                + "mechanism only (the file's layout before the run, one fio option, or the CPUs kept out of their idle states), measured back to back in "
                + "alternating order, " + data.runs().size() + " pairs × " + plan.repeats() + " repetitions, on "
                + "ext4 and XFS on loop devices over tmpfs as in section 8 (`" + data.command() + "`, plan `"
                + data.plan() + "`, " + data.cores() + " CPUs, " + data.fio() + ", load average " + data.load()
                + "). The measured ratio is the median of the per-repetition ratios b / a, with their range; the "
                + "model predicts both runs from the same fio options and starting layout with the committed "
                + "`local-loop` profile under the kernel's waiting rules (`kernel`, timing/README.md's audit, what "
                + "the profiles are fitted under) and, the same values, under none of them (`none`, the model "
                + "before the audit). A prediction within "
                + Math.round(AGREES * 100) + " % of the measured ratio agrees; a pair whose repetitions' ratios "
                + "spread wider than " + REPEATABLE_SPREAD + "x (max / min) is not graded, the machine's load "
                + "having moved it more than a mechanism could.");
        md.table("llllrrrrl", "pair", "run a", "run b", "measured IOPS a / b", "measured b / a", "range",
                "model b / a (none)", "model b / a (kernel)", "verdict (none / kernel)");
        double[] sum = new double[2];
        int[] agree = new int[2];
        int n = 0;
        for (MechanismPair p : MechanismPairs.designed(plan)) {
            PairRun r = measured.get(p.id());
            if (r == null) {
                continue;
            }
            double none = PairPrediction.of(p, WaitRules.NONE).ratio();
            double kernel = PairPrediction.of(p, WaitRules.KERNEL).ratio();
            double[] err = {none / r.ratio().median() - 1, kernel / r.ratio().median() - 1};
            double spread = r.ratio().max() / r.ratio().min();
            boolean graded = spread <= REPEATABLE_SPREAD;
            if (graded) {
                for (int i = 0; i < 2; i++) {
                    sum[i] += Math.abs(err[i]);
                    agree[i] += Math.abs(err[i]) <= AGREES ? 1 : 0;
                }
                n++;
            }
            md.row("`" + p.id() + "`", p.a().label(), p.b().label(), iops(r.a()) + " / " + iops(r.b()),
                    ratio(r.ratio().median()), range(r.ratio()), ratio(none) + " (" + pct(err[0]) + ")",
                    ratio(kernel) + " (" + pct(err[1]) + ")", graded ? verdict(err[0]) + " / " + verdict(err[1])
                            : String.format(Locale.ROOT, "not graded (spread %.1fx)", spread));
        }
        md.blank();
        md.line(String.format(Locale.ROOT, "Graded %d of %d pairs: mean |error| of the predicted ratio %.1f %% under "
                + "no rules (%d agree), %.1f %% under the kernel's (%d agree).", n, data.runs().size(),
                n == 0 ? 0 : 100 * sum[0] / n, agree[0], n == 0 ? 0 : 100 * sum[1] / n, agree[1]));
        md.blank();
        md.paragraph("What each pair isolates:");
        for (MechanismPair p : MechanismPairs.designed(plan)) {
            List<List<String>> diff = p.optionDifference();
            String differs = !diff.get(0).isEmpty()
                    ? "`" + String.join(" ", diff.get(0)) + "` against `" + String.join(" ", diff.get(1)) + "`"
                    : p.a().setup() != p.b().setup()
                            ? "the layout: " + p.a().setup().name().toLowerCase(Locale.ROOT) + " against "
                                    + p.b().setup().name().toLowerCase(Locale.ROOT)
                            : "the CPUs' idle states: as they are against polling";
            md.line("- `" + p.id() + "` (`" + p.policy() + "`): " + p.mechanism() + ". Differs in " + differs + ".");
        }
        return md.text();
    }

    private static String verdict(double error) {
        return Math.abs(error) <= AGREES ? "agrees" : "misses";
    }

    private static String iops(Repeated r) {
        return String.format(Locale.ROOT, "%,.0f", r.median());
    }

    private static String ratio(double v) {
        return String.format(Locale.ROOT, "%.2fx", v);
    }

    private static String range(Repeated r) {
        return r.min() == r.max() ? "-" : String.format(Locale.ROOT, "%.2f-%.2fx", r.min(), r.max());
    }

    private static String pct(double e) {
        return String.format(Locale.ROOT, "%+.0f %%", 100 * e);
    }
}

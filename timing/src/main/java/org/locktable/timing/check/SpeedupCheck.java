package org.locktable.timing.check;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The runtime side of {@code @ExpectSpeedup}: what the generated suites call. Each {@link TimingSpec} is
 * simulated once per JVM (the table is shared by every expectation of the scenario).
 */
public final class SpeedupCheck {
    private static final Map<TimingSpec, TimingTable> TABLES = new ConcurrentHashMap<>();
    private static final Map<TimingSpec, Bands> BANDS = new ConcurrentHashMap<>();

    /** What a band says about an expectation. */
    public enum Verdict {
        /** The claim holds over the whole band. */
        PASS,
        /** It holds for part of the band only: a warning, not a failure. */
        WARN,
        /** It fails over the whole band (or the baseline completed nothing). */
        FAIL
    }

    private SpeedupCheck() {
    }

    /** The simulated table of {@code spec}, simulated on first use. */
    public static TimingTable table(TimingSpec spec) {
        return TABLES.computeIfAbsent(spec, TimingSpec::run);
    }

    /** The bands of {@code spec}'s table over its profile's parameter ranges, computed on first use. */
    public static Bands bands(TimingSpec spec) {
        return BANDS.computeIfAbsent(spec, x -> Bands.run(x.device(), table(x), x.simulatedWorkload(), x.seed()));
    }

    /** PASS when all of {@code band} lies in [min, max], FAIL when none of it does, WARN otherwise. */
    public static Verdict verdict(Band band, double min, double max) {
        if (Double.isNaN(band.nominal())) {
            return Verdict.FAIL;
        }
        if (band.inside(min, max)) {
            return Verdict.PASS;
        }
        return band.outside(min, max) ? Verdict.FAIL : Verdict.WARN;
    }

    /** {@code 1.02x (band 0.97x..1.05x, dominant cost.cv)}, or the speedup alone for a one-point band. */
    public static String bandText(Band b) {
        String s = TimingTable.speedupText(b.nominal());
        if (b.low() == b.high()) {
            return s;
        }
        return s + " (band " + TimingTable.speedupText(b.low()) + ".." + TimingTable.speedupText(b.high())
                + ", dominant " + b.dominant() + ")";
    }

    /**
     * Asserts that {@code policy} is at least {@code min} and at most {@code max} times as fast (IOPS, all I/Os)
     * as {@code over} at {@code jobs} jobs, over the band of the profile's parameter ranges ({@link Bands}):
     * it fails when the claim fails over the whole band, prints a warning on standard error when it holds over
     * part of it only, and passes when it holds over all of it.
     *
     * @param min the lower bound, inclusive (0 for none)
     * @param max the upper bound, inclusive ({@link Double#POSITIVE_INFINITY} for none)
     * @param rerun how to run this check alone, for the failure message
     * @throws AssertionError with the expectation, the speedup found and the simulated table
     */
    public static void expect(String scenario, TimingSpec spec, String policy, String over, int jobs, double min,
            double max, String rerun) {
        TimingTable t = table(spec);
        double s = t.speedup(policy, over, jobs);
        String problem = problem(s, min, max);
        Band band = Double.isNaN(s) ? Band.point(s) : bands(spec).speedup(policy, over, jobs);
        Verdict v = verdict(band, min, max);
        if (v == Verdict.PASS) {
            return;
        }
        String what = scenario + ": " + policy + " over " + over + " at " + jobs + " jobs on " + spec.device() + " ("
                + spec.workloadLabel() + "): expected " + describe(min, max) + ", simulated " + bandText(band);
        if (v == Verdict.WARN) {
            System.err.println("locktable: warning: " + what + ": the claim "
                    + (problem == null ? "holds at the committed values but not over the whole band"
                            : "fails at the committed values but holds over part of the band") + " (seed "
                    + bands(spec).seed() + ")");
            return;
        }
        throw new AssertionError(what + " (" + (problem != null ? problem : "outside the band")
                + " over the whole band)\nsimulated table:\n" + t.text() + "rerun: " + rerun);
    }

    /** What is wrong with speedup {@code s} against [min, max], or null when it is inside. */
    public static String problem(double s, double min, double max) {
        if (Double.isNaN(s)) {
            return "the baseline completed no I/O";
        }
        if (s < min) {
            return "below " + number(min);
        }
        if (s > max) {
            return "above " + number(max);
        }
        return null;
    }

    /** {@code at least 1.5x} or {@code within 1.4x..2.2x}. */
    public static String describe(double min, double max) {
        if (Double.isInfinite(max)) {
            return "at least " + number(min) + "x";
        }
        return "within " + number(min) + "x.." + number(max) + "x";
    }

    private static String number(double v) {
        String s = String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}

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

    private SpeedupCheck() {
    }

    /** The simulated table of {@code spec}, simulated on first use. */
    public static TimingTable table(TimingSpec spec) {
        return TABLES.computeIfAbsent(spec, TimingSpec::run);
    }

    /**
     * Asserts that {@code policy} is at least {@code min} and at most {@code max} times as fast (IOPS, all I/Os)
     * as {@code over} at {@code jobs} jobs.
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
        if (problem != null) {
            throw new AssertionError(scenario + ": " + policy + " over " + over + " at " + jobs + " jobs on "
                    + spec.device() + " (" + spec.workloadLabel() + "): expected " + describe(min, max) + ", simulated "
                    + TimingTable.speedupText(s) + " (" + problem + ")\nsimulated table:\n" + t.text() + "rerun: "
                    + rerun);
        }
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

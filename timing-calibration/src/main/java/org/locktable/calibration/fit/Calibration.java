package org.locktable.calibration.fit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.locktable.timing.profile.FittedValues;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.SeedCells;

/**
 * Fits the seed profiles on their training cells ({@link SeedCells#training(String)}), following timing-notes
 * §4: the 1-job rows set the latency, lock-bound columns fit c, h and Z, the device capacity comes from an
 * all-shared column (seed 000 Test 1 +patch 1) and never from a base column alone. Profiles fitted here:
 * {@code seed000-vm}, {@code seed001-pmem}, {@code seed002-pm173x}, {@code seed004-vm} (in that order:
 * {@code seed001-pmem} and {@code seed004-vm} take values from {@code seed000-vm}). {@code local-loop} is fitted
 * by {@link LiveCalibration} on measurements.
 *
 * <p>The result of {@link #fit(String, Fitter.Settings)} with {@link Fitter.Settings#FULL} is what
 * {@link FittedValues} commits; {@link #main(String[])} prints it in that class's format.
 */
public final class Calibration {
    private Calibration() {
    }

    /** The profiles this class fits, in dependency order. */
    public static final List<String> SEED_PROFILES = List.of(Profiles.SEED000_VM, Profiles.SEED001_PMEM,
            Profiles.SEED002_PM173X, Profiles.SEED004_VM);

    /** Fits one seed profile from its specification's start values; other profiles as committed. */
    public static Fitter.Result fit(String profile, Fitter.Settings settings) {
        return fit(profile, settings, Map.of());
    }

    /** Fits one seed profile from {@code start} (missing values: the specification's start). */
    public static Fitter.Result fit(String profile, Fitter.Settings settings, Map<String, Double> start) {
        if (!SEED_PROFILES.contains(profile)) {
            throw new IllegalArgumentException(profile + " is not fitted on seed cells (one of " + SEED_PROFILES
                    + "; local-loop is fitted by LiveCalibration)");
        }
        List<Cell> cells = SeedCells.training(profile);
        return Fitter.fit(Profiles.spec(profile), cells, settings, start, Profiles::get);
    }

    /**
     * Fits {@code which} (in {@link #SEED_PROFILES} order), each against the profiles fitted before it in this
     * run (so {@code seed004-vm} sees the new {@code seed000-vm}), the others as committed.
     */
    public static Map<String, Fitter.Result> fitAll(List<String> which, Fitter.Settings settings) {
        Map<String, Fitter.Result> results = new LinkedHashMap<>();
        Map<String, org.locktable.timing.profile.Profile> fresh = new LinkedHashMap<>();
        java.util.function.Function<String, org.locktable.timing.profile.Profile> resolver =
                n -> fresh.containsKey(n) ? fresh.get(n) : Profiles.get(n);
        for (String p : SEED_PROFILES) {
            if (!which.contains(p)) {
                continue;
            }
            Fitter.Result r = Fitter.fit(Profiles.spec(p), SeedCells.training(p), settings, Map.of(), resolver);
            results.put(p, r);
            fresh.put(p, Profiles.spec(p).build(r.values(), resolver));
        }
        return results;
    }

    /** The alternatives {@code Calibration --alternatives} fits: seed000-vm with one assumption changed. */
    public static final List<Object[]> ALTERNATIVE_SPECS = List.of(
            new Object[] {"CPU cv 0 (deterministic)", Profiles.SEED000_VM, "cost.cv", 0.0},
            new Object[] {"CPU cv 1 (exponential)", Profiles.SEED000_VM, "cost.cv", 1.0},
            new Object[] {"device per-command 0", Profiles.SEED000_VM, "device.perCommandNs", 0.0},
            new Object[] {"device per-command 2 µs", Profiles.SEED000_VM, "device.perCommandNs", 2_000.0},
            new Object[] {"device service cv 0.5", Profiles.SEED000_VM, "device.serviceCv", 0.5},
            new Object[] {"conversion V 1 µs", Profiles.SEED000_VM, "cost.conversionNs", 1_000.0});

    /** The specification of an alternative: the profile's with {@code param} assumed at {@code value}. */
    public static org.locktable.timing.profile.ProfileSpec alternativeSpec(String profile, String param,
            double value) {
        return Profiles.spec(profile).with(param, org.locktable.timing.profile.Param.Source.ASSUMED, value,
                "assumed: calibrated alternative (" + param + " changed)");
    }

    /** Fits one alternative, warm-started from the committed values (the pinned parameter left out). */
    public static Fitter.Result fitAlternative(String profile, String param, double value, Fitter.Settings settings) {
        Map<String, Double> start = new LinkedHashMap<>(FittedValues.of(profile));
        start.remove(param);
        return Fitter.fit(alternativeSpec(profile, param, value), SeedCells.training(profile), settings, start,
                Profiles::get);
    }

    /** Fits every seed profile with {@link Fitter.Settings#FULL} and prints FittedValues' table and the errors. */
    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals("--alternatives")) {
            for (Object[] a : ALTERNATIVE_SPECS) {
                Fitter.Result r = fitAlternative((String) a[1], (String) a[2], (Double) a[3], Fitter.Settings.FULL);
                StringBuilder sb = new StringBuilder("        alt(\"" + a[0] + "\", \"" + a[1] + "\", \"" + a[2]
                        + "\", " + javaLiteral((Double) a[3]));
                r.values().forEach((k, v) -> sb.append(",\n                \"").append(k).append("\", ")
                        .append(javaLiteral(v)));
                System.out.println(sb.append(");  // objective ").append(String.format(Locale.ROOT, "%.3g",
                        r.objective())));
            }
            return;
        }
        List<String> which = args.length > 0 ? List.of(args) : SEED_PROFILES;
        long t0 = System.nanoTime();
        Map<String, Fitter.Result> results = fitAll(which, Fitter.Settings.FULL);
        System.out.print(describe(results));
        System.out.printf(Locale.ROOT, "(%.1f s)%n", (System.nanoTime() - t0) / 1e9);
        System.out.print(fittedValuesEntries(results));
    }

    /** Each profile's objective and evaluation count, then the error of every training cell. */
    public static String describe(Map<String, Fitter.Result> results) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Fitter.Result> e : results.entrySet()) {
            Fitter.Result r = e.getValue();
            sb.append(String.format(Locale.ROOT, "%s: objective %.3g after %d evaluations%n", e.getKey(),
                    r.objective(), r.evaluations()));
            r.errors().forEach((k, v) -> sb.append(String.format(Locale.ROOT, "  %-28s %+6.1f %%%n", k, 100 * v)));
        }
        return sb.toString();
    }

    /** The {@code FittedValues} entries of {@code results}, as Java source. */
    public static String fittedValuesEntries(Map<String, Fitter.Result> results) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Fitter.Result> e : results.entrySet()) {
            sb.append("        put(\"").append(e.getKey()).append('"');
            e.getValue().values().forEach((k, v) -> sb.append(",\n                \"").append(k).append("\", ")
                    .append(javaLiteral(v)));
            sb.append(");\n");
        }
        return sb.toString();
    }

    /** A value as the Java literal FittedValues commits (underscored integers, four significant digits from 10^7). */
    public static String javaLiteral(double v) {
        if (Math.abs(v) >= 1e7) {
            return String.format(Locale.ROOT, "%.4ge%d", v / Math.pow(10, Math.floor(Math.log10(v))),
                    (int) Math.floor(Math.log10(v)));
        }
        if (v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%d", (long) v).replaceAll("(\\d)(?=(\\d{3})+$)", "$1_");
        }
        return Double.toString(v);
    }
}

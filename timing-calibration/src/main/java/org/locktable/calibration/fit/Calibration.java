package org.locktable.calibration.fit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.locktable.timing.profile.FittedValues;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.ProfileSpec;
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
 * {@link FittedValues} commits; {@code locktable calibrate seeds --write} rewrites it ({@link FittedValuesFile}).
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
        Refits refits = new Refits();
        for (String p : SEED_PROFILES) {
            if (!which.contains(p)) {
                continue;
            }
            Fitter.Result r = Fitter.fit(Profiles.spec(p), SeedCells.training(p), settings, Map.of(), refits::get);
            results.put(p, r);
            refits.add(p, r.values());
        }
        return results;
    }

    /**
     * Refits every committed alternative ({@link FittedValues#alternatives()}: which profile, which assumed parameter
     * and its value), in order; the results keyed by the alternative's name.
     */
    public static Map<String, Fitter.Result> fitAlternatives(Fitter.Settings settings) {
        Map<String, Fitter.Result> out = new LinkedHashMap<>();
        for (FittedValues.Alternative a : FittedValues.alternatives()) {
            out.put(a.name(), fitAlternative(a.profile(), a.param(), a.value(), settings));
        }
        return out;
    }

    /** The committed alternatives with the values of {@code refitted} (by name) instead. */
    public static List<FittedValues.Alternative> withValues(Map<String, Fitter.Result> refitted) {
        List<FittedValues.Alternative> out = new java.util.ArrayList<>();
        for (FittedValues.Alternative a : FittedValues.alternatives()) {
            Fitter.Result r = refitted.get(a.name());
            if (r != null) {
                out.add(new FittedValues.Alternative(a.name(), a.profile(), a.param(), a.value(), r.values()));
            }
        }
        return out;
    }

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

    /**
     * The held-out cells of the refitted profiles, each predicted with every refit in place under {@code settings}'
     * rules, against the committed values under the rules they were fitted with: published, both predictions, both
     * errors, then each side's mean |error|.
     */
    public static String heldOut(Map<String, Fitter.Result> results, Fitter.Settings settings) {
        Refits refits = new Refits();
        for (String p : SEED_PROFILES) {
            if (results.containsKey(p)) {
                refits.add(p, results.get(p).values());
            }
        }
        Predictor refit = new Predictor(refits::get, settings.fidelity()).withRules(settings.rules());
        Predictor committed = Predictor.committed(settings.fidelity());
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "held-out cells, refit under %s rules against "
                + "the committed values:%n", settings.rules().label()));
        double sumRefit = 0;
        double sumCommitted = 0;
        int n = 0;
        boolean compared = true;
        for (String p : results.keySet()) {
            List<String> uncommitted = uncommitted(Profiles.spec(p), FittedValues.of(p));
            if (!uncommitted.isEmpty()) {
                compared = false;
                sb.append(String.format(Locale.ROOT, "  %s: no committed value for %s (the specification's fitted "
                        + "parameters changed): refit only%n", p, String.join(", ", uncommitted)));
            }
            for (Cell c : SeedCells.published(p)) {
                if (c.training()) {
                    continue;
                }
                double r = refit.predict(c) / c.published() - 1;
                sumRefit += Math.abs(r);
                n++;
                if (uncommitted.isEmpty()) {
                    double k = committed.predict(c) / c.published() - 1;
                    sumCommitted += Math.abs(k);
                    sb.append(String.format(Locale.ROOT, "  %-28s refit %+6.1f %%   committed %+6.1f %%%n", c.key(),
                            100 * r, 100 * k));
                } else {
                    sb.append(String.format(Locale.ROOT, "  %-28s refit %+6.1f %%%n", c.key(), 100 * r));
                }
            }
        }
        if (n > 0 && !compared) {
            sb.append(String.format(Locale.ROOT, "  mean |error| of %d cells: refit %.1f %%%n", n, 100 * sumRefit / n));
        } else if (n > 0) {
            sb.append(String.format(Locale.ROOT, "  mean |error| of %d cells: refit %.1f %%, committed %.1f %%%n", n,
                    100 * sumRefit / n, 100 * sumCommitted / n));
        }
        return sb.toString();
    }

    /** The fitted parameters of {@code spec} that have no value in {@code committed}, in the specification's order. */
    static List<String> uncommitted(ProfileSpec spec, Map<String, Double> committed) {
        return spec.fitted().stream().map(ProfileSpec.Def::name).filter(name -> !committed.containsKey(name)).toList();
    }

    /** Refitted seed profiles, each built against those refitted before it; every other profile as committed. */
    private static final class Refits {
        private final Map<String, Profile> fresh = new LinkedHashMap<>();

        Profile get(String name) {
            return fresh.containsKey(name) ? fresh.get(name) : Profiles.get(name);
        }

        void add(String profile, Map<String, Double> values) {
            fresh.put(profile, Profiles.spec(profile).build(values, this::get));
        }
    }
}

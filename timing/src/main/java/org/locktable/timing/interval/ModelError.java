package org.locktable.timing.interval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.math3.distribution.TDistribution;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.tsv.Tsv;

/**
 * The model's own error, as the fits show it ({@code residual-errors.tsv}, written by {@code locktable calibrate seeds
 * --write}): a profile fitted with degrees of freedom left has its own residual standard error in ln(predicted /
 * published); any other profile (a device class, a seed profile fitted exactly, the live one) gets the pooled error
 * of those fits, {@code s² = Σ (n - p) s² / Σ (n - p)}. A new cell's prediction is off by {@code s · √(1 + p/n) · T},
 * {@code T} Student's t at {@code n - p} degrees of freedom ({@code p/n} the mean leverage).
 *
 * @param profile the profile it is for
 * @param from the profiles whose fits it comes from (the profile itself, or the pooled ones)
 * @param runs training runs, {@code n}
 * @param parameters fitted parameters, {@code p}
 * @param rms {@code s}
 */
public record ModelError(String profile, List<String> from, int runs, int parameters, double rms) {
    public static final String FILE = "residual-errors.tsv";

    /** One fit's residual error, as committed. */
    public record Fit(String profile, int runs, int parameters, double rms) {
        public int degreesOfFreedom() {
            return runs - parameters;
        }
    }

    private static final List<Fit> FITS = load();
    /** Fits registered this run: a calibrated device's ({@link #register}). */
    private static final java.util.Map<String, Fit> USER = new java.util.concurrent.ConcurrentHashMap<>();

    /** Adds the residual error of a profile fitted this run (a user's calibrated device), for {@link #of}. */
    public static void register(Fit fit) {
        USER.put(fit.profile(), fit);
    }

    private static List<Fit> load() {
        Tsv tsv = Tsv.resource(Profiles.class, FILE);
        List<Fit> out = new ArrayList<>();
        for (Map<String, String> row : tsv.rows()) {
            out.add(new Fit(row.get("profile"), (int) tsv.number(row, "runs"), (int) tsv.number(row, "parameters"),
                    tsv.number(row, "rms")));
        }
        return List.copyOf(out);
    }

    /** The committed fits, in file order. */
    public static List<Fit> fits() {
        return FITS;
    }

    /** {@code profile}'s own error when its fit left degrees of freedom, else the pooled one. */
    public static ModelError of(String profile) {
        Fit user = USER.get(profile);
        if (user != null && user.degreesOfFreedom() >= 1 && user.rms() > 0) {
            return new ModelError(profile, List.of(profile), user.runs(), user.parameters(), user.rms());
        }
        for (Fit f : FITS) {
            if (f.profile().equals(profile) && f.degreesOfFreedom() >= 1 && f.rms() > 0) {
                return new ModelError(profile, List.of(profile), f.runs(), f.parameters(), f.rms());
            }
        }
        return pooled(profile);
    }

    /** The pooled error of every fit with degrees of freedom left, for {@code profile}. */
    public static ModelError pooled(String profile) {
        return pooledWithout(profile, null);
    }

    /**
     * As {@link #pooled}, leaving out {@code excluded}'s fit (a seed predicted without its own cells must not borrow
     * its own fit's error either).
     */
    public static ModelError pooledWithout(String profile, String excluded) {
        List<String> from = new ArrayList<>();
        int n = 0;
        int p = 0;
        double ss = 0;
        for (Fit f : FITS) {
            if (f.degreesOfFreedom() >= 1 && f.rms() > 0 && !f.profile().equals(excluded)) {
                from.add(f.profile());
                n += f.runs();
                p += f.parameters();
                ss += f.degreesOfFreedom() * f.rms() * f.rms();
            }
        }
        if (n <= p) {
            throw new IllegalStateException(FILE + " has no fit with degrees of freedom left");
        }
        return new ModelError(profile, from, n, p, Math.sqrt(ss / (n - p)));
    }

    public int degreesOfFreedom() {
        return runs - parameters;
    }

    /** The prediction's standard error in ln: {@code s · √(1 + p/n)}. */
    public double sigma() {
        return rms * Math.sqrt(1 + (double) parameters / runs);
    }

    /** The ln error at cumulative probability {@code u} (0 < u < 1). */
    public double lnError(double u) {
        return sigma() * new TDistribution(null, degreesOfFreedom()).inverseCumulativeProbability(u);
    }

    /** Whether this is the profile's own fit's error, not the pooled one. */
    public boolean own() {
        return from.equals(List.of(profile));
    }

    /** {@code seed000-vm's fit: s 9.2 % over 18 runs, 8 fitted} or {@code pooled over ...}. */
    public String text() {
        return String.format(Locale.ROOT, "%s: s %.1f %% over %d training runs, %d fitted parameters", own()
                ? profile + "'s fit" : "the pooled fits of " + String.join(" and ", from), 100 * rms, runs, parameters);
    }
}

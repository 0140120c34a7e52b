package org.locktable.timing.interval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

import org.locktable.timing.check.Band;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.check.TimingTable;
import org.locktable.timing.profile.ParameterRange;
import org.locktable.timing.profile.ParameterRanges;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.workload.Workload;

/**
 * The 90 % interval of every cell and every speedup of a {@link TimingTable}, over everything the prediction does not
 * know: the profile's unknown parameters ({@link ParameterRanges}: a device class's published ranges, a seed
 * profile's undetermined ones), drawn jointly, {@link #DRAWS} Latin hypercube points ({@link LatinHypercube}), and the
 * model's own error ({@link ModelError}), one more dimension of the same draws, independent per policy.
 *
 * <p>A parameter whose range spans a factor of {@link #LOG_SPAN} or more is drawn uniformly in its logarithm (a scale:
 * a latency of 20 µs to 1 ms is as likely below 140 µs as above); a flag (unit {@code flag}, e.g. a disk's write cache)
 * is a structural alternative, each side drawn in half the points; any other range uniformly. Each draw's table is
 * simulated at {@link #IOS_PER_JOB} I/Os per job with the table's seed (common random numbers), and a draw's value is
 * the prediction times its ratio to the committed values at that size, so the cut-down work's end effects cancel. The
 * interval is the 5th to 95th percentile of those values times their model errors; the dominant dimension is the one
 * whose draws are the most rank-correlated (Spearman) with the cell's logarithm. {@link StrictMath} throughout, so that
 * every JVM prints the same digits.
 */
public final class Intervals {
    /** Joint draws per interval. */
    public static final int DRAWS = 64;
    /** Two-sided level. */
    public static final double LEVEL = 0.90;
    /** Work per job of the draws. */
    public static final int IOS_PER_JOB = 512;
    /** A range at least this wide a factor is drawn in its logarithm. */
    public static final double LOG_SPAN = 4;
    /** The model-error dimension's name, as a dominant. */
    public static final String MODEL_ERROR = "model error";

    private final TimingTable nominal;
    private final List<ParameterRange> ranges;
    private final ModelError error;
    private final long seed;
    private final TimingTable reduced;
    private final List<TimingTable> draws;
    private final double[][] units;
    private final Map<String, double[]> errorUnits = new LinkedHashMap<>();

    private Intervals(TimingTable nominal, List<ParameterRange> ranges, ModelError error, long seed,
            TimingTable reduced, List<TimingTable> draws, double[][] units) {
        this.nominal = nominal;
        this.ranges = ranges;
        this.error = error;
        this.seed = seed;
        this.reduced = reduced;
        this.draws = draws;
        this.units = units;
        for (String p : nominal.policies()) {
            errorUnits.put(p, LatinHypercube.column(DRAWS, seed, MODEL_ERROR + " " + p));
        }
    }

    /**
     * The intervals of {@code nominal}, simulated from profile {@code profile} and {@code workload} (as simulated for
     * the nominal table) with simulator seed {@code seed}, with the model error {@code error}.
     */
    public static Intervals run(String profile, TimingTable nominal, Workload workload, long seed, ModelError error) {
        List<ParameterRange> ranges = ParameterRanges.of(profile);
        Workload w = TimingSpec.scale(workload, IOS_PER_JOB);
        double[][] units = units(ranges, seed);
        List<Map<String, Double>> values = values(profile, ranges, units);
        // every draw and the reference in parallel: each is deterministic in its own inputs
        List<TimingTable> tables;
        try {
            tables = IntStream.rangeClosed(0, values.size()).parallel()
                    .mapToObj(i -> nominal.rerun(ParameterRanges.with(profile, i == 0 ? Map.of() : values.get(i - 1)),
                            w, seed)).toList();
        } catch (RuntimeException e) {
            throw TimingTable.thrown(e);
        }
        return new Intervals(nominal, ranges, error, seed, tables.get(0), tables.subList(1, tables.size()), units);
    }

    /** Each range's unit coordinates, {@link #DRAWS} per range, seeded with {@code seed}. */
    public static double[][] units(List<ParameterRange> ranges, long seed) {
        double[][] units = new double[ranges.size()][];
        for (int k = 0; k < units.length; k++) {
            units[k] = LatinHypercube.column(DRAWS, seed, ranges.get(k).parameter());
        }
        return units;
    }

    /** The parameter values of each draw (none without ranges). */
    public static List<Map<String, Double>> values(String profile, List<ParameterRange> ranges, double[][] units) {
        return values(Profiles.spec(profile), ranges, units);
    }

    /** As {@link #values(String, List, double[][])}, the units from {@code spec}. */
    public static List<Map<String, Double>> values(ProfileSpec spec, List<ParameterRange> ranges, double[][] units) {
        List<Map<String, Double>> out = new ArrayList<>();
        if (ranges.isEmpty()) {
            return out;
        }
        for (int i = 0; i < DRAWS; i++) {
            Map<String, Double> v = new LinkedHashMap<>();
            for (int k = 0; k < ranges.size(); k++) {
                ParameterRange r = ranges.get(k);
                v.put(r.parameter(), value(r, spec.def(r.parameter()).unit(), units[k][i]));
            }
            out.add(v);
        }
        return out;
    }

    /** A drawn coefficient of variation falls on this grid (see {@link #value}). */
    static final double CV_STEP = 0.05;

    /**
     * Where unit coordinate {@code u} falls in range {@code r}. A coefficient of variation (a parameter named
     * {@code ...cv} or {@code ...Cv}) is rounded to {@link #CV_STEP}: the simulator builds a 65,536-point sample table
     * for each distinct cv, and the JDK's {@code nextGaussian} behind it takes rare paths whose last place differs
     * between JDK 17 and 25 (cv 0.736 gave another table there; every cv on this grid gives the same on both).
     */
    static double value(ParameterRange r, String unit, double u) {
        if (unit.equals("flag")) {
            return u < 0.5 ? r.low() : r.high();
        }
        if (r.parameter().toLowerCase(Locale.ROOT).endsWith("cv")) {
            double v = r.low() + (r.high() - r.low()) * u;
            return Math.min(r.high(), Math.max(r.low(), Math.round(v / CV_STEP) * CV_STEP));
        }
        if (r.low() > 0 && r.high() >= LOG_SPAN * r.low()) {
            return r.low() * StrictMath.pow(r.high() / r.low(), u);
        }
        return r.low() + (r.high() - r.low()) * u;
    }


    public List<ParameterRange> ranges() {
        return ranges;
    }

    public ModelError error() {
        return error;
    }

    public long seed() {
        return seed;
    }

    /** A cell's IOPS interval. */
    public Band iops(String policy, int jobs) {
        double[] err = new double[DRAWS];
        double[] u = errorUnits.get(policy);
        for (int i = 0; i < DRAWS; i++) {
            err[i] = error.lnError(u[i]);
        }
        return interval(nominal.iops(policy, jobs), t -> t.iops(policy, jobs), err, u);
    }

    /** The interval of {@code policy}'s speedup over {@code over}: each policy's model error drawn on its own. */
    public Band speedup(String policy, String over, int jobs) {
        double[] err = new double[DRAWS];
        double[] a = errorUnits.get(policy);
        double[] b = errorUnits.get(over);
        double[] both = new double[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            err[i] = error.lnError(a[i]) - error.lnError(b[i]);
            both[i] = a[i] - b[i];
        }
        return interval(nominal.speedup(policy, over, jobs), t -> t.speedup(policy, over, jobs), err, both);
    }

    private Band interval(double at, ToDoubleFunction<TimingTable> metric, double[] err, double[] errUnits) {
        double[] values = new double[draws.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = metric.applyAsDouble(draws.get(i));
        }
        List<String> names = ranges.stream().map(ParameterRange::parameter).toList();
        return combine(at, metric.applyAsDouble(reduced), values, err, errUnits, units, names);
    }

    /**
     * The interval of prediction {@code at} from its draws: {@code values[i]} is draw {@code i}'s value at the draws'
     * work, {@code ref} the committed values' at that work, {@code lnErrors[i]} the draw's model error (ln), drawn
     * from {@code errorUnits[i]}; {@code units[k][i]} is draw {@code i}'s coordinate of parameter {@code names[k]}
     * (no values: every draw at the committed ones, the model error alone).
     */
    public static Band combine(double at, double ref, double[] values, double[] lnErrors, double[] errorUnits,
            double[][] units, List<String> names) {
        if (!(at > 0)) {
            return Band.point(at);
        }
        double[] ln = new double[lnErrors.length];
        for (int i = 0; i < ln.length; i++) {
            double ratio = values.length == 0 ? 1 : values[i] / ref;
            ln[i] = (Double.isFinite(ratio) && ratio > 0 ? StrictMath.log(ratio) : 0) + lnErrors[i];
        }
        double[] sorted = ln.clone();
        Arrays.sort(sorted);
        double lo = at * StrictMath.exp(percentile(sorted, (1 - LEVEL) / 2));
        double hi = at * StrictMath.exp(percentile(sorted, (1 + LEVEL) / 2));
        String dominant = MODEL_ERROR;
        double best = Math.abs(spearman(errorUnits, ln));
        for (int k = 0; k < names.size() && values.length > 0; k++) {
            double rho = Math.abs(spearman(units[k], ln));
            if (rho > best) {
                best = rho;
                dominant = names.get(k);
            }
        }
        return new Band(at, Math.min(lo, at), Math.max(hi, at), dominant, best * best);
    }

    /** The {@code q} quantile of sorted values, interpolated between order statistics. */
    static double percentile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int i = (int) Math.floor(pos);
        int j = Math.min(i + 1, sorted.length - 1);
        return sorted[i] + (pos - i) * (sorted[j] - sorted[i]);
    }

    /** Spearman's rank correlation (ties at their mean rank); 0 when either side is constant. */
    static double spearman(double[] x, double[] y) {
        double[] rx = ranks(x);
        double[] ry = ranks(y);
        double mx = 0;
        double my = 0;
        for (int i = 0; i < rx.length; i++) {
            mx += rx[i];
            my += ry[i];
        }
        mx /= rx.length;
        my /= ry.length;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < rx.length; i++) {
            sxy += (rx[i] - mx) * (ry[i] - my);
            sxx += (rx[i] - mx) * (rx[i] - mx);
            syy += (ry[i] - my) * (ry[i] - my);
        }
        return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
    }

    private static double[] ranks(double[] v) {
        Integer[] order = new Integer[v.length];
        for (int i = 0; i < v.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(v[a], v[b]));
        double[] r = new double[v.length];
        for (int i = 0; i < v.length;) {
            int j = i;
            while (j + 1 < v.length && v[order[j + 1]] == v[order[i]]) {
                j++;
            }
            for (int k = i; k <= j; k++) {
                r[order[k]] = (i + j) / 2.0;
            }
            i = j + 1;
        }
        return r;
    }

    /**
     * The intervals as text: what was drawn, then one row per job count with each policy's IOPS interval and its
     * dominant dimension, and each speedup's:
     * <pre>
     * interval  90 % over 64 joint draws (seed 1) of ...
     *   JOBS    ext4-base                     ext4-patch1 ...
     *      1    35,903..41,907 model error    ...
     * </pre>
     */
    public String text(String profile) {
        List<String> swept = new ArrayList<>();
        for (ParameterRange r : ranges) {
            swept.add(r.parameter() + " " + r.text(Profiles.spec(profile).def(r.parameter()).unit()));
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "interval  %.0f %% over %d Latin hypercube "
                + "draws (seed %d) of %s and the model's own error (%s)%n", 100 * LEVEL, DRAWS, seed,
                ranges.isEmpty() ? "no unknown parameter" : String.join(", ", swept), error.text()));
        String first = nominal.policies().get(0);
        return s.append(nominal.table((p, n) -> {
            Band b = iops(p, n);
            return TimingTable.iopsText(b.low()) + ".." + TimingTable.iopsText(b.high()) + " " + b.dominant();
        }, (p, n) -> {
            Band b = speedup(p, first, n);
            return TimingTable.speedupText(b.low()) + ".." + TimingTable.speedupText(b.high()) + " " + b.dominant();
        })).toString();
    }
}

package org.locktable.timing.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.locktable.timing.profile.Param;
import org.locktable.timing.profile.ParameterRange;
import org.locktable.timing.profile.ParameterRanges;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.workload.Workload;

/**
 * The bands of a {@link TimingTable}: every cell and every speedup as an interval over the profile's
 * {@link ParameterRanges}. Each range is swept alone (its low and high end, the rest as committed: one-at-a-time
 * sensitivity, which names the dominant parameter) and all ranges are drawn together, uniformly, {@link #SAMPLES}
 * times from a {@link SplittableRandom} seeded with the table's seed (reproducible; the seed is printed with the
 * band). The variants run at {@link #BAND_IOS_PER_JOB} I/Os per job with the table's simulator seed; a band is the
 * full-size prediction times the variants' ratios to the committed values at that size, so the cut-down work's end
 * effects cancel.
 */
public final class Bands {
    /** Joint draws per band. */
    public static final int SAMPLES = 8;
    /** Work per job of the band variants. */
    public static final int BAND_IOS_PER_JOB = 512;

    private final TimingTable nominal;
    private final List<ParameterRange> ranges;
    private final long seed;
    private final TimingTable reduced;
    private final List<TimingTable> lows = new ArrayList<>();
    private final List<TimingTable> highs = new ArrayList<>();
    private final List<TimingTable> draws = new ArrayList<>();

    private Bands(TimingTable nominal, List<ParameterRange> ranges, long seed, TimingTable reduced) {
        this.nominal = nominal;
        this.ranges = ranges;
        this.seed = seed;
        this.reduced = reduced;
    }

    /**
     * The bands of {@code nominal}, simulated from profile {@code profile} and {@code workload} (as simulated for
     * the nominal table) with simulator seed {@code seed}.
     */
    public static Bands run(String profile, TimingTable nominal, Workload workload, long seed) {
        List<ParameterRange> ranges = ParameterRanges.of(profile);
        Workload w = TimingSpec.scale(workload, BAND_IOS_PER_JOB);
        if (ranges.isEmpty()) {
            return new Bands(nominal, ranges, seed, null);
        }
        Bands b = new Bands(nominal, ranges, seed, table(profile, Map.of(), w, nominal, seed));
        for (ParameterRange r : ranges) {
            b.lows.add(table(profile, Map.of(r.parameter(), r.low()), w, nominal, seed));
            b.highs.add(table(profile, Map.of(r.parameter(), r.high()), w, nominal, seed));
        }
        for (Map<String, Double> values : draws(ranges, seed)) {
            b.draws.add(table(profile, values, w, nominal, seed));
        }
        return b;
    }

    private static TimingTable table(String profile, Map<String, Double> values, Workload w, TimingTable like,
            long seed) {
        return like.rerun(ParameterRanges.with(profile, values), w, seed);
    }

    /** The ranges swept, in file order (empty: every band is a point). */
    public List<ParameterRange> ranges() {
        return ranges;
    }

    /** The seed of the joint draws. */
    public long seed() {
        return seed;
    }

    /** The band of a cell's IOPS. */
    public Band iops(String policy, int jobs) {
        return band(nominal.iops(policy, jobs), t -> t.iops(policy, jobs));
    }

    /** The band of {@code policy}'s speedup over {@code over}. */
    public Band speedup(String policy, String over, int jobs) {
        return band(nominal.speedup(policy, over, jobs), t -> t.speedup(policy, over, jobs));
    }

    private Band band(double at, ToDoubleFunction<TimingTable> metric) {
        if (reduced == null) {
            return Band.point(at);
        }
        return band(at, metric.applyAsDouble(reduced), ranges, values(lows, metric), values(highs, metric),
                values(draws, metric));
    }

    private static double[] values(List<TimingTable> tables, ToDoubleFunction<TimingTable> metric) {
        double[] out = new double[tables.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = metric.applyAsDouble(tables.get(i));
        }
        return out;
    }

    /**
     * The {@link #SAMPLES} joint draws over {@code ranges}: each parameter uniform in its range, from its own
     * {@link SplittableRandom} seeded with {@code seed} and the parameter's name, so that a parameter's draws do not
     * change when a range is added to or removed from the profile.
     */
    public static List<Map<String, Double>> draws(List<ParameterRange> ranges, long seed) {
        List<Map<String, Double>> out = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            out.add(new LinkedHashMap<>());
        }
        for (ParameterRange r : ranges) {
            SplittableRandom rng = new SplittableRandom(seed ^ ((long) r.parameter().hashCode() << 32));
            for (Map<String, Double> values : out) {
                values.put(r.parameter(), r.low() + (r.high() - r.low()) * rng.nextDouble());
            }
        }
        return out;
    }

    /**
     * A band from its variants: {@code at} is the prediction, {@code ref} the same at the variants' (cut-down)
     * work with the committed values, {@code lows[i]} and {@code highs[i]} the variants with range {@code i} at its
     * ends, {@code draws} the joint draws. The band is {@code at} times the variants' ratios to {@code ref}; the
     * dominant parameter is the one of the widest one-at-a-time swing.
     */
    public static Band band(double at, double ref, List<ParameterRange> ranges, double[] lows, double[] highs,
            double[] draws) {
        if (!(at > 0) || !(ref > 0) || ranges.isEmpty()) {
            return Band.point(at);
        }
        double lo = 1;
        double hi = 1;
        String dominant = Band.NONE;
        double widest = 0;
        for (int i = 0; i < ranges.size(); i++) {
            double a = finite(lows[i] / ref);
            double b = finite(highs[i] / ref);
            lo = Math.min(lo, Math.min(a, b));
            hi = Math.max(hi, Math.max(a, b));
            double swing = Math.abs(b - a);
            if (swing > widest) {
                widest = swing;
                dominant = ranges.get(i).parameter();
            }
        }
        for (double d : draws) {
            double r = finite(d / ref);
            lo = Math.min(lo, r);
            hi = Math.max(hi, r);
        }
        return new Band(at, at * lo, at * hi, dominant, widest);
    }

    /** A variant that completed nothing says nothing about the band: 1 (the committed value). */
    private static double finite(double r) {
        return Double.isFinite(r) ? r : 1;
    }

    /**
     * The bands as text: a line saying what was swept, then one row per job count with each policy's IOPS band and
     * its dominant parameter (and each speedup's band with more than one policy):
     * <pre>
     * bands     seed000-vm's parameter-ranges.tsv, each alone and 8 joint draws (seed 1): device.perCommandNs 0..2,000 ns, cost.cv 0..1
     *   JOBS    ext4-base                    ext4-patch1 ...
     *      1    41,113..44,031 cost.cv       ...
     * </pre>
     */
    public String text(String profile) {
        StringBuilder s = new StringBuilder();
        if (ranges.isEmpty()) {
            return s.append("bands     none: ").append(profile).append(" has no ").append(ParameterRanges.FILE)
                    .append(" rows, every prediction is one point\n").toString();
        }
        List<String> swept = new ArrayList<>();
        for (ParameterRange r : ranges) {
            swept.add(r.parameter() + " " + r.text(Profiles.spec(profile).def(r.parameter()).unit()));
        }
        boolean published = Profiles.spec(profile).defs().stream()
                .anyMatch(d -> d.source() == Param.Source.PUBLISHED);
        s.append("bands     ").append(profile).append("'s ").append(published ? "published ranges" : ParameterRanges.FILE)
                .append(", each alone and ")
                .append(SAMPLES).append(" joint draws (seed ").append(seed).append("): ")
                .append(String.join(", ", swept)).append('\n');
        return s.append(table(b -> TimingTable.iopsText(b.low()) + ".." + TimingTable.iopsText(b.high()) + " "
                + b.dominant(), true)).toString();
    }

    /** JOBS, then each policy's cell ({@code iopsCell} of its band) and, with {@code speedups}, each speedup's band. */
    private String table(Function<Band, String> iopsCell, boolean speedups) {
        String first = nominal.policies().get(0);
        return nominal.table((p, n) -> iopsCell.apply(iops(p, n)), !speedups ? null : (p, n) -> {
            Band b = speedup(p, first, n);
            return TimingTable.speedupText(b.low()) + ".." + TimingTable.speedupText(b.high()) + " " + b.dominant();
        });
    }

    /**
     * Each cell's band widened by {@code factor}, the profile's 95 % prediction factor (the error its fit leaves on
     * its own training cells): low / factor .. high x factor, a table like {@link #text}'s without the speedups.
     */
    public String intervalText(double factor) {
        return table(b -> TimingTable.iopsText(b.low() / factor) + ".." + TimingTable.iopsText(b.high() * factor),
                false);
    }
}

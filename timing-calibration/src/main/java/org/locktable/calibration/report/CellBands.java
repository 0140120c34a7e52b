package org.locktable.calibration.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Predictor;
import org.locktable.timing.check.Band;
import org.locktable.timing.check.Bands;
import org.locktable.timing.profile.ParameterRange;
import org.locktable.timing.profile.ParameterRanges;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;

/**
 * The bands of the report's predictions over their profiles' {@code parameter-ranges.tsv} ({@link Bands}): each
 * range's low and high end alone and {@link Bands#SAMPLES} joint draws, every variant at {@link #FIDELITY}; a band
 * is the prediction times the variants' ratios to the committed values at that fidelity. One instance per report,
 * so the variants are simulated once.
 */
final class CellBands {
    /** The variants' work. */
    static final Fidelity FIDELITY = Fidelity.QUICK;
    /** The seed of the joint draws. */
    static final long SEED = 1;

    private final Predictor p;
    private final Predictor ref;
    /** Per profile: the variants' predictors (each range's low and high end, then the draws). */
    private final Map<String, List<Predictor>> variants = new LinkedHashMap<>();

    CellBands(Predictor p) {
        this.p = p;
        this.ref = Predictor.committed(FIDELITY).withRules(p.rules());
    }

    /** The band of a column's {@code metric} at {@code jobs}. */
    Band band(Column c, int jobs, Metric metric) {
        return band(c.profile(), pr -> pr.mean(c, jobs, metric));
    }

    /** The band of {@code b}'s {@code metric} over {@code a}'s, both at {@code jobs} (one profile). */
    Band ratio(Column a, Column b, int jobs, Metric metric) {
        return band(a.profile(), pr -> pr.mean(b, jobs, metric) / pr.mean(a, jobs, metric));
    }

    private Band band(String profile, ToDoubleFunction<Predictor> value) {
        List<ParameterRange> ranges = ParameterRanges.of(profile);
        double at = value.applyAsDouble(p);
        if (ranges.isEmpty()) {
            return Band.point(at);
        }
        List<Predictor> vs = variants.computeIfAbsent(profile, this::variants);
        int k = ranges.size();
        double[] lows = new double[k];
        double[] highs = new double[k];
        double[] draws = new double[vs.size() - 2 * k];
        for (int i = 0; i < k; i++) {
            lows[i] = value.applyAsDouble(vs.get(2 * i));
            highs[i] = value.applyAsDouble(vs.get(2 * i + 1));
        }
        for (int i = 0; i < draws.length; i++) {
            draws[i] = value.applyAsDouble(vs.get(2 * k + i));
        }
        return Bands.band(at, value.applyAsDouble(ref), ranges, lows, highs, draws);
    }

    private List<Predictor> variants(String profile) {
        List<Predictor> out = new ArrayList<>();
        for (ParameterRange r : ParameterRanges.of(profile)) {
            out.add(variant(profile, Map.of(r.parameter(), r.low())));
            out.add(variant(profile, Map.of(r.parameter(), r.high())));
        }
        for (Map<String, Double> d : Bands.draws(ParameterRanges.of(profile), SEED)) {
            out.add(variant(profile, d));
        }
        return out;
    }

    private Predictor variant(String profile, Map<String, Double> values) {
        var changed = ParameterRanges.with(profile, values);
        return new Predictor(n -> n.equals(profile) ? changed : Profiles.get(n), FIDELITY).withRules(p.rules());
    }
}

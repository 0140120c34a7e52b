package org.locktable.calibration.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Predictor;
import org.locktable.timing.check.Band;
import org.locktable.timing.interval.Intervals;
import org.locktable.timing.interval.LatinHypercube;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.DeviceClasses;
import org.locktable.timing.profile.ParameterRange;
import org.locktable.timing.profile.ParameterRanges;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;

/**
 * The 90 % intervals of published seed cells as {@code simulate} gives them ({@link Intervals}): a seed's columns
 * simulated on its own profile or on a stand-in (its device from its class), the profile's unknown parameters drawn
 * {@link Intervals#DRAWS} times (Latin hypercube, at {@link CellBands#FIDELITY}), and the model error, drawn per
 * column.
 */
final class CellIntervals {
    /** The seed of the draws. */
    static final long SEED = 1;

    private final ModelError error;
    private final Predictor point;
    private final Predictor ref;
    private final List<Predictor> draws = new ArrayList<>();
    private final List<ParameterRange> ranges;
    private final double[][] units;

    /**
     * @param point the predictor of the point
     * @param seedProfile the profile the seed's columns name
     * @param spec the profile simulated in its place (may be its own), whose units the ranges are in
     * @param ranges its unknown parameters
     * @param variant the profile with some of those parameters at other values
     */
    private CellIntervals(Predictor point, String seedProfile, ProfileSpec spec, List<ParameterRange> ranges,
            Function<Map<String, Double>, Profile> variant, ModelError error) {
        this.error = error;
        this.point = point;
        this.ref = predictor(seedProfile, variant.apply(Map.of()), CellBands.FIDELITY);
        this.ranges = ranges;
        this.units = Intervals.units(ranges, SEED);
        for (Map<String, Double> v : Intervals.values(spec, ranges, units)) {
            draws.add(predictor(seedProfile, variant.apply(v), CellBands.FIDELITY));
        }
    }

    /** A seed's cells on its own profile, the point from {@code point} (the committed profiles). */
    static CellIntervals own(Predictor point, String seed, ModelError error) {
        return new CellIntervals(point, seed, Profiles.spec(seed), ParameterRanges.of(seed),
                v -> ParameterRanges.with(seed, v), error);
    }

    /**
     * A seed's cells with its device from its class ({@link DeviceClasses#standIn}), the host the seed's own
     * ({@code seedHost}, with the seed's ranges of its host's costs) or this machine's; the point at {@code fidelity}.
     */
    static CellIntervals standIn(String seed, boolean seedHost, ModelError error, Fidelity fidelity) {
        ProfileSpec spec = DeviceClasses.standIn(seed, seedHost);
        List<ParameterRange> ranges = new ArrayList<>(ParameterRanges.published(spec));
        if (seedHost) {
            ParameterRanges.of(seed).stream().filter(r -> r.parameter().startsWith("cost.")).forEach(ranges::add);
        }
        return new CellIntervals(predictor(seed, spec.build(Map.of()), fidelity), seed, spec, ranges,
                v -> ParameterRanges.with(spec, v), error);
    }

    private static Predictor predictor(String seedProfile, Profile stand, Fidelity f) {
        return new Predictor(n -> n.equals(seedProfile) ? stand : Profiles.get(n), f);
    }

    /** Simulates every draw of {@code cells} in parallel, once. */
    CellIntervals warm(List<Cell> cells) {
        List<Predictor> all = new ArrayList<>(draws);
        all.add(point);
        all.add(ref);
        IntStream.range(0, all.size() * cells.size()).parallel().forEach(i -> {
            Cell c = cells.get(i % cells.size());
            all.get(i / cells.size()).runs(c.column(), c.jobs());
        });
        return this;
    }

    /** The prediction and 90 % interval of a cell. */
    Band cell(Cell c) {
        double[] u = LatinHypercube.column(Intervals.DRAWS, SEED, Intervals.MODEL_ERROR + " " + c.column().id());
        double[] err = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            err[i] = error.lnError(u[i]);
        }
        return band(pr -> pr.mean(c.column(), c.jobs(), c.metric()), err, u);
    }

    /** The prediction and 90 % interval of {@code b}'s {@code metric} over {@code a}'s at {@code jobs}. */
    Band ratio(Column a, Column b, int jobs, Metric metric) {
        double[] ua = LatinHypercube.column(Intervals.DRAWS, SEED, Intervals.MODEL_ERROR + " " + a.id());
        double[] ub = LatinHypercube.column(Intervals.DRAWS, SEED, Intervals.MODEL_ERROR + " " + b.id());
        double[] err = new double[ua.length];
        double[] u = new double[ua.length];
        for (int i = 0; i < ua.length; i++) {
            err[i] = error.lnError(ub[i]) - error.lnError(ua[i]);
            u[i] = ub[i] - ua[i];
        }
        return band(pr -> pr.mean(b, jobs, metric) / pr.mean(a, jobs, metric), err, u);
    }

    private Band band(ToDoubleFunction<Predictor> value, double[] err, double[] errUnits) {
        double[] values = new double[draws.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = value.applyAsDouble(draws.get(i));
        }
        return Intervals.combine(value.applyAsDouble(point), value.applyAsDouble(ref), values, err, errUnits, units,
                ranges.stream().map(ParameterRange::parameter).toList());
    }
}

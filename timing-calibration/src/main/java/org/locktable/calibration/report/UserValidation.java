package org.locktable.calibration.report;

import java.util.ArrayList;
import java.util.List;

import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.live.PairPrediction;
import org.locktable.calibration.live.RecordedPairs;
import org.locktable.timing.check.Band;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.check.TimingTable;
import org.locktable.timing.interval.Intervals;
import org.locktable.timing.interval.LatinHypercube;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.DeviceClasses;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.sim.WaitRules;
import org.locktable.timing.workload.Workload;

/**
 * The model as a user meets it (section 11): each published or live value against the point and the 90 % interval
 * {@code simulate} would print for it ({@link Intervals}). Four sources: each seed predicted from its device class
 * (leave one seed out: its own cells, and its own fit's error, left out); each seed with its own profile, on the
 * cells its fit did not use;
 * public lock-change tables that are not seeds ({@link ExternalTable}); the live mechanism pairs on this machine.
 */
final class UserValidation {
    /** The seed profiles with published cells, in seed order. */
    static final List<String> SEEDS = List.of("seed000-vm", "seed001-pmem", "seed002-pm173x", "seed004-vm");
    /** The simulator's seed of the external tables, and of their draws. */
    static final long SEED = 1;

    /** Where a graded value comes from. */
    enum Source {
        CLASS("its device from its class, its host's costs its own"),
        CLASS_HERE("its device from its class, on this machine's host"),
        OWN("with its own profile"),
        EXTERNAL("another public table"),
        LIVE("live on this machine");

        final String text;

        Source(String text) {
            this.text = text;
        }
    }

    /**
     * One value graded.
     *
     * @param source where it comes from
     * @param group the seed, table or live set it belongs to
     * @param name the cell, claim or run
     * @param unit the published value's unit ({@code x} for a ratio)
     * @param published the published or measured value
     * @param band the prediction and its 90 % interval
     */
    record Graded(Source source, String group, String name, String unit, double published, Band band) {
        double error() {
            return band.nominal() / published - 1;
        }

        boolean inside() {
            return band.low() <= published && published <= band.high();
        }

        /** high / low. */
        double width() {
            return band.high() / band.low();
        }

        boolean ratio() {
            return unit.equals("x");
        }
    }

    private UserValidation() {
    }

    /** Every graded value: the classes' first, then the seeds' own, the external tables, the live pairs. */
    static List<Graded> all(Predictor p) {
        List<Graded> out = new ArrayList<>();
        for (boolean seedHost : new boolean[] {true, false}) {
            for (String seed : SEEDS) {
                String cls = DeviceClasses.classOf(seed);
                out.addAll(seed(seedHost ? Source.CLASS : Source.CLASS_HERE, seed, CellIntervals.standIn(seed,
                        seedHost, ModelError.pooledWithout(cls, seed), p.fidelity())));
            }
        }
        for (String seed : SEEDS) {
            out.addAll(seed(Source.OWN, seed, CellIntervals.own(p, seed, ModelError.of(seed))));
        }
        for (ExternalTable t : ExternalTable.all()) {
            out.addAll(external(t, p.fidelity()));
        }
        out.addAll(live());
        return out;
    }

    /**
     * A seed's published cells and claimed ratios through {@code ci}; with its own profile only those its fit did not
     * use (a fitted cell's error says little, and its draws would cost as much).
     */
    private static List<Graded> seed(Source source, String seed, CellIntervals ci) {
        boolean own = source == Source.OWN;
        List<Cell> cells = SeedCells.published(seed).stream().filter(c -> !own || !c.training()).toList();
        List<Headline> claims = Headline.all().stream().filter(h -> !h.withheld() && h.base().profile().equals(seed)
                && !(own && fitted(seed, h))).toList();
        List<Cell> runs = new ArrayList<>(cells);
        for (Headline h : claims) {
            runs.add(new Cell(h.base(), h.jobs(), h.metric(), Double.NaN, false));
            runs.add(new Cell(h.patched(), h.jobs(), h.metric(), Double.NaN, false));
        }
        ci.warm(runs);
        List<Graded> out = new ArrayList<>();
        for (Cell c : cells) {
            out.add(new Graded(source, seed, c.key(), c.metric().unit(), c.published(), ci.cell(c)));
        }
        for (Headline h : claims) {
            out.add(new Graded(source, seed, h.patched().id() + " / " + h.base().id() + "@" + h.jobs(), "x",
                    h.published(), ci.ratio(h.base(), h.patched(), h.jobs(), h.metric())));
        }
        return out;
    }

    /** Whether the seed's fit used either cell of claim {@code h}. */
    private static boolean fitted(String seed, Headline h) {
        return SeedCells.training(seed).stream().anyMatch(c -> c.jobs() == h.jobs()
                && (c.column().equals(h.base()) || c.column().equals(h.patched())));
    }

    private static List<Graded> external(ExternalTable t, Fidelity f) {
        Profile p = Profiles.get(t.deviceClass());
        Workload w = TimingSpec.scale(t.workload(), (int) f.iosPerJob());
        TimingTable table = TimingTable.run(t.deviceClass(), t.fio(), p.device(), p.cost(), w, t.policies(),
                t.jobs(), SEED, f.replications(), WaitRules.COMMITTED, null);
        Intervals in = Intervals.run(t.deviceClass(), table, w, SEED, ModelError.of(t.deviceClass()));
        List<Graded> out = new ArrayList<>();
        String group = t.source().substring(0, 12);
        for (int k = 0; k < t.policies().size(); k++) {
            String policy = t.policies().get(k);
            for (int j = 0; j < t.jobs().size(); j++) {
                int n = t.jobs().get(j);
                out.add(new Graded(Source.EXTERNAL, group, policy + "@" + n, "IOPS", t.published().get(k).get(j),
                        in.iops(policy, n)));
            }
        }
        for (int j = 0; j < t.jobs().size(); j++) {
            int n = t.jobs().get(j);
            out.add(new Graded(Source.EXTERNAL, group, t.policies().get(1) + " / " + t.policies().get(0) + "@" + n,
                    "x", t.published().get(1).get(j) / t.published().get(0).get(j),
                    in.speedup(t.policies().get(1), t.policies().get(0), n)));
        }
        return out;
    }

    /** The recorded mechanism pairs on {@code local-loop}: no unknown parameter, the pooled model error. */
    private static List<Graded> live() {
        ModelError e = ModelError.of(Profiles.LOCAL_LOOP);
        List<Graded> out = new ArrayList<>();
        for (RecordedPairs.Measured m : RecordedPairs.measured()) {
            PairPrediction at = PairPrediction.of(m.pair(), WaitRules.COMMITTED);
            double[] ua = LatinHypercube.column(Intervals.DRAWS, SEED, Intervals.MODEL_ERROR + " " + m.pair().id()
                    + " a");
            double[] ub = LatinHypercube.column(Intervals.DRAWS, SEED, Intervals.MODEL_ERROR + " " + m.pair().id()
                    + " b");
            double[] ea = new double[ua.length];
            double[] eb = new double[ua.length];
            double[] er = new double[ua.length];
            double[] ur = new double[ua.length];
            for (int i = 0; i < ua.length; i++) {
                ea[i] = e.lnError(ua[i]);
                eb[i] = e.lnError(ub[i]);
                er[i] = eb[i] - ea[i];
                ur[i] = ub[i] - ua[i];
            }
            String id = m.pair().id();
            out.add(new Graded(Source.LIVE, "pairs", id + " " + m.pair().a().label(), "IOPS", m.a(),
                    point(at.aIops(), ea, ua)));
            out.add(new Graded(Source.LIVE, "pairs", id + " " + m.pair().b().label(), "IOPS", m.b(),
                    point(at.bIops(), eb, ub)));
            out.add(new Graded(Source.LIVE, "pairs", id + " b / a", "x", m.b() / m.a(), point(at.ratio(), er, ur)));
        }
        return out;
    }

    private static Band point(double at, double[] err, double[] units) {
        return Intervals.combine(at, at, new double[0], err, units, new double[0][], List.of());
    }
}

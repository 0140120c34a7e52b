package org.locktable.dsl.reader;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.names.DidYouMean;
import org.locktable.timing.check.SpeedupCheck;
import org.locktable.timing.check.TimingProfiles;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.fio.FioParseException;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.workload.Workload;

/**
 * Validate → model for {@code @Workload} and {@code @ExpectSpeedup}: every problem reported at its annotation
 * value (LT030, LT070..LT083), and the {@link TimingModel} when there is none.
 */
final class TimingReader {
    /** Largest job count accepted (the simulator keeps arrays per job × iodepth). */
    static final int MAX_JOBS = 4096;
    /** The class the generated suites call: it must be on the consumer's class path. */
    static final String RUNTIME_CLASS = SpeedupCheck.class.getName();

    private final Report report;

    TimingReader(Report report) {
        this.report = report;
    }

    /** Null when the class has no {@code @Workload} or a problem was reported. */
    TimingModel read(DslClass type, Optional<DslAnnotation> workloadAnn, List<DslAnnotation> speedups) {
        if (workloadAnn.isEmpty()) {
            for (DslAnnotation s : speedups) {
                report.add(Message.SPEEDUP_WITHOUT_WORKLOAD, s.site());
            }
            return null;
        }
        int errorsBefore = report.errors();
        DslAnnotation w = workloadAnn.get();
        String device = w.string("device");
        TimingProfiles.Resolved profile = TimingProfiles.find(device).orElse(null);
        if (profile == null) {
            String c = DidYouMean.closest(device, TimingProfiles.names()).orElse(null);
            report.add(Message.UNKNOWN_DEVICE, w.at("device"), device,
                    c == null ? "" : " (did you mean \"" + c + "\"?)", String.join(", ", TimingProfiles.names()));
        }
        String name = w.string("workload");
        String fio = w.string("fio");
        Workload base = null;
        String workloadDescription = null;
        if (name.isEmpty() == fio.isEmpty()) {
            report.add(Message.WORKLOAD_SOURCE, name.isEmpty() ? w.site() : w.at("fio"),
                    name.isEmpty() ? "neither" : "both");
        } else if (!name.isEmpty()) {
            if (SeedWorkloads.names().contains(name)) {
                base = SeedWorkloads.get(name);
                SeedWorkloads.Seed seed = SeedWorkloads.seed(name);
                workloadDescription = seed.table() + ": " + seed.assumptions();
            } else {
                String c = DidYouMean.closest(name, SeedWorkloads.names()).orElse(null);
                report.add(Message.UNKNOWN_WORKLOAD, w.at("workload"), name,
                        c == null ? "" : " (did you mean \"" + c + "\"?)", String.join(", ", SeedWorkloads.names()));
            }
        } else {
            try {
                base = TimingSpec.inlineFio(fio, type.simpleName());
                List<String> notes = new ArrayList<>();
                for (String warning : base.warnings()) {
                    if (warning.startsWith("unknown options")) {
                        report.add(Message.BAD_FIO, w.at("fio"), warning);
                        base = null;
                        break;
                    }
                    notes.add(warning);
                }
                workloadDescription = "inline fio options `" + fio.strip() + "`"
                        + (notes.isEmpty() ? "" : " (not modelled: " + String.join("; ", notes) + ")");
            } catch (FioParseException e) {
                report.add(Message.BAD_FIO, w.at("fio"), e.getMessage());
            }
        }

        List<Integer> jobs = jobs(w, name, base);
        int iosPerJob = w.intValue("iosPerJob");
        if (iosPerJob < 0) {
            report.add(Message.BAD_WORKLOAD_VALUE, w.at("iosPerJob"), "iosPerJob",
                    iosPerJob + " is negative; use a number of I/Os per job, or 0 for the full workload");
        }

        List<String> declared = new ArrayList<>();
        List<DslValue> policyValues = w.list("policies");
        for (DslValue v : policyValues) {
            String id = (String) v.value();
            if (declared.contains(id)) {
                report.add(Message.BAD_WORKLOAD_VALUE, v.site(), "policies", "\"" + id + "\" is named twice");
            } else if (PolicyCheck.known(report, v.site(), id)) {
                declared.add(id);
            }
        }

        List<TimingModel.Speedup> out = new ArrayList<>();
        LinkedHashSet<String> named = new LinkedHashSet<>();
        for (DslAnnotation s : speedups) {
            TimingModel.Speedup x = speedup(s, jobs, policyValues.isEmpty() ? null : declared);
            if (x != null) {
                out.add(x);
                named.add(x.over());
                named.add(x.policy());
            }
        }
        List<String> policies = policyValues.isEmpty() ? new ArrayList<>(named) : declared;
        if (policies.isEmpty() && speedups.isEmpty() && policyValues.isEmpty()) {
            report.add(Message.NO_TIMING_POLICY, w.site());
        }
        if (!type.typeExists(RUNTIME_CLASS)) {
            report.add(Message.TIMING_NOT_ON_CLASS_PATH, w.site(), RUNTIME_CLASS);
        }
        if (report.errors() > errorsBefore || profile == null || base == null || jobs == null || policies.isEmpty()) {
            return null;
        }
        TimingSpec spec = TimingSpec.of(device, name, name.isEmpty() ? fio : "", jobs, policies, w.longValue("seed"),
                iosPerJob);
        return new TimingModel(spec, profile.description(), workloadDescription, out, w.site());
    }

    /** The declared job counts, else the default (the seed table's rows, or fio's numjobs); null on a problem. */
    private List<Integer> jobs(DslAnnotation w, String name, Workload base) {
        List<DslValue> values = w.list("jobs");
        if (values.isEmpty()) {
            if (w.written("jobs")) {
                report.add(Message.BAD_WORKLOAD_VALUE, w.at("jobs"), "jobs",
                        "{} names no job count; give at least one, e.g. {1, 2, 4, 8}");
                return null;
            }
            if (base == null) {
                return null;
            }
            return name.isEmpty() ? List.of(base.jobs()) : SeedWorkloads.jobCounts(name);
        }
        List<Integer> out = new ArrayList<>();
        boolean ok = true;
        for (DslValue v : values) {
            int n = ((Number) v.value()).intValue();
            if (n < 1 || n > MAX_JOBS) {
                report.add(Message.BAD_WORKLOAD_VALUE, v.site(), "jobs",
                        n + " is not a job count; use 1.." + MAX_JOBS);
                ok = false;
            } else if (out.contains(n)) {
                report.add(Message.BAD_WORKLOAD_VALUE, v.site(), "jobs", n + " is given twice");
                ok = false;
            } else {
                out.add(n);
            }
        }
        return ok ? List.copyOf(out) : null;
    }

    private TimingModel.Speedup speedup(DslAnnotation s, List<Integer> jobs, List<String> declared) {
        String policy = s.string("policy");
        String over = s.string("over");
        boolean ok = PolicyCheck.known(report, s.at("policy"), policy) & PolicyCheck.known(report, s.at("over"), over);
        if (ok && policy.equals(over)) {
            report.add(Message.SPEEDUP_SELF, s.at("over"), policy);
            ok = false;
        }
        if (ok && declared != null) {
            for (String id : List.of(over, policy)) {
                if (!declared.contains(id)) {
                    report.add(Message.SPEEDUP_POLICY_NOT_SIMULATED,
                            s.at(id.equals(policy) ? "policy" : "over"), id, declared);
                    ok = false;
                }
            }
        }
        int n = s.intValue("jobs");
        if (jobs != null && !jobs.contains(n)) {
            report.add(Message.SPEEDUP_JOBS_NOT_SIMULATED, s.at("jobs"), n, jobs);
            ok = false;
        }
        boolean atLeast = s.written("atLeast");
        boolean within = s.written("within");
        double min = 0;
        double max = Double.POSITIVE_INFINITY;
        if (atLeast == within) {
            report.add(Message.SPEEDUP_BOUND, s.site(), atLeast ? "both" : "neither");
            return null;
        }
        if (atLeast) {
            min = s.doubleValue("atLeast");
            if (!(min > 0) || Double.isInfinite(min)) {
                report.add(Message.BAD_AT_LEAST, s.at("atLeast"), number(min));
                ok = false;
            }
        } else {
            List<DslValue> values = s.list("within");
            List<String> shown = new ArrayList<>();
            for (DslValue v : values) {
                shown.add(number(((Number) v.value()).doubleValue()));
            }
            String text = "{" + String.join(", ", shown) + "}";
            if (values.size() != 2) {
                report.add(Message.BAD_WITHIN, s.at("within"), text,
                        "give two bounds, {from, to}");
                return null;
            }
            min = ((Number) values.get(0).value()).doubleValue();
            max = ((Number) values.get(1).value()).doubleValue();
            if (!(min > 0) || Double.isInfinite(max) || Double.isNaN(max)) {
                report.add(Message.BAD_WITHIN, s.at("within"), text,
                        "the bounds must be finite and greater than 0");
                ok = false;
            } else if (min > max) {
                report.add(Message.BAD_WITHIN, s.at("within"), text,
                        "from " + number(min) + " is greater than to " + number(max) + "; write {" + number(max) + ", "
                                + number(min) + "}");
                ok = false;
            }
        }
        return ok ? new TimingModel.Speedup(policy, over, n, min, max, s.site()) : null;
    }

    /** {@code 1.5}, {@code 2}, {@code -0.5}: as written, without a trailing {@code .0}. */
    static String number(double v) {
        if (v == Math.rint(v) && !Double.isInfinite(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}

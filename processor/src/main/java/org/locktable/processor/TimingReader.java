package org.locktable.processor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

import org.locktable.engine.policy.PolicyCatalog;
import org.locktable.timing.check.Names;
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

    private final Elements elements;
    private final Diagnostics diag;

    TimingReader(Elements elements, Diagnostics diag) {
        this.elements = elements;
        this.diag = diag;
    }

    /** The model with the annotation sites it came from, for the compile-time check's diagnostics. */
    record Read(TimingModel model, Ann workload, List<Ann> speedupSites) {
    }

    /** Null when the class has no {@code @Workload} or a problem was reported. */
    Read read(TypeElement type, Optional<Ann> workloadAnn, List<Ann> speedups) {
        if (workloadAnn.isEmpty()) {
            for (Ann s : speedups) {
                diag.report(Message.SPEEDUP_WITHOUT_WORKLOAD, type, s.mirror, null);
            }
            return null;
        }
        int errorsBefore = diag.errors();
        Ann w = workloadAnn.get();
        String device = w.string("device");
        TimingProfiles.Resolved profile = TimingProfiles.find(device).orElse(null);
        if (profile == null) {
            String c = Names.closest(device, TimingProfiles.names());
            diag.report(Message.UNKNOWN_DEVICE, type, w.mirror, w.at("device"), device,
                    c == null ? "" : " (did you mean \"" + c + "\"?)", String.join(", ", TimingProfiles.names()));
        }
        String name = w.string("workload");
        String fio = w.string("fio");
        Workload base = null;
        String workloadDescription = null;
        if (name.isEmpty() == fio.isEmpty()) {
            diag.report(Message.WORKLOAD_SOURCE, type, w.mirror, name.isEmpty() ? null : w.at("fio"),
                    name.isEmpty() ? "neither" : "both");
        } else if (!name.isEmpty()) {
            if (SeedWorkloads.names().contains(name)) {
                base = SeedWorkloads.get(name);
                SeedWorkloads.Seed seed = SeedWorkloads.seed(name);
                workloadDescription = seed.table() + ": " + seed.assumptions();
            } else {
                String c = Names.closest(name, SeedWorkloads.names());
                diag.report(Message.UNKNOWN_WORKLOAD, type, w.mirror, w.at("workload"), name,
                        c == null ? "" : " (did you mean \"" + c + "\"?)", String.join(", ", SeedWorkloads.names()));
            }
        } else {
            try {
                base = TimingSpec.inlineFio(fio, type.getSimpleName().toString());
                List<String> notes = new ArrayList<>();
                for (String warning : base.warnings()) {
                    if (warning.startsWith("unknown options")) {
                        diag.report(Message.BAD_FIO, type, w.mirror, w.at("fio"), warning);
                        base = null;
                        break;
                    }
                    notes.add(warning);
                }
                workloadDescription = "inline fio options `" + fio.strip() + "`"
                        + (notes.isEmpty() ? "" : " (not modelled: " + String.join("; ", notes) + ")");
            } catch (FioParseException e) {
                diag.report(Message.BAD_FIO, type, w.mirror, w.at("fio"), e.getMessage());
            }
        }

        List<Integer> jobs = jobs(w, name, base);
        int iosPerJob = w.intValue("iosPerJob");
        if (iosPerJob < 0) {
            diag.report(Message.BAD_WORKLOAD_VALUE, type, w.mirror, w.at("iosPerJob"), "iosPerJob",
                    iosPerJob + " is negative; use a number of I/Os per job, or 0 for the full workload");
        }

        List<String> declared = new ArrayList<>();
        List<? extends AnnotationValue> policyValues = w.list("policies");
        for (AnnotationValue v : policyValues) {
            String id = (String) v.getValue();
            if (declared.contains(id)) {
                diag.report(Message.BAD_WORKLOAD_VALUE, type, w.mirror, v, "policies", "\"" + id + "\" is named twice");
            } else if (diag.knownPolicy(w, v, id)) {
                declared.add(id);
            }
        }

        List<TimingModel.Speedup> out = new ArrayList<>();
        List<Ann> sites = new ArrayList<>();
        LinkedHashSet<String> named = new LinkedHashSet<>();
        for (Ann s : speedups) {
            TimingModel.Speedup x = speedup(s, jobs, policyValues.isEmpty() ? null : declared);
            if (x != null) {
                out.add(x);
                sites.add(s);
                named.add(x.over());
                named.add(x.policy());
            }
        }
        List<String> policies = policyValues.isEmpty() ? new ArrayList<>(named) : declared;
        if (policies.isEmpty() && speedups.isEmpty() && policyValues.isEmpty()) {
            diag.report(Message.NO_TIMING_POLICY, type, w.mirror, null);
        }
        if (elements.getTypeElement(RUNTIME_CLASS) == null) {
            diag.report(Message.TIMING_NOT_ON_CLASS_PATH, type, w.mirror, null, RUNTIME_CLASS);
        }
        if (diag.errors() > errorsBefore || profile == null || base == null || jobs == null || policies.isEmpty()) {
            return null;
        }
        TimingSpec spec = TimingSpec.of(device, name, name.isEmpty() ? fio : "", jobs, policies, w.longValue("seed"),
                iosPerJob);
        return new Read(new TimingModel(spec, profile.description(), workloadDescription, out), w, sites);
    }

    /** The declared job counts, else the default (the seed table's rows, or fio's numjobs); null on a problem. */
    private List<Integer> jobs(Ann w, String name, Workload base) {
        List<? extends AnnotationValue> values = w.list("jobs");
        if (values.isEmpty()) {
            if (w.written("jobs")) {
                diag.report(Message.BAD_WORKLOAD_VALUE, w.element, w.mirror, w.at("jobs"), "jobs",
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
        for (AnnotationValue v : values) {
            int n = ((Number) v.getValue()).intValue();
            if (n < 1 || n > MAX_JOBS) {
                diag.report(Message.BAD_WORKLOAD_VALUE, w.element, w.mirror, v, "jobs",
                        n + " is not a job count; use 1.." + MAX_JOBS);
                ok = false;
            } else if (out.contains(n)) {
                diag.report(Message.BAD_WORKLOAD_VALUE, w.element, w.mirror, v, "jobs", n + " is given twice");
                ok = false;
            } else {
                out.add(n);
            }
        }
        return ok ? List.copyOf(out) : null;
    }

    private TimingModel.Speedup speedup(Ann s, List<Integer> jobs, List<String> declared) {
        String policy = s.string("policy");
        String over = s.string("over");
        boolean ok = diag.knownPolicy(s, s.at("policy"), policy) & diag.knownPolicy(s, s.at("over"), over);
        if (ok && policy.equals(over)) {
            diag.report(Message.SPEEDUP_SELF, s.element, s.mirror, s.at("over"), policy);
            ok = false;
        }
        if (ok && declared != null) {
            for (String id : List.of(over, policy)) {
                if (!declared.contains(id)) {
                    diag.report(Message.SPEEDUP_POLICY_NOT_SIMULATED, s.element, s.mirror,
                            s.at(id.equals(policy) ? "policy" : "over"), id, declared);
                    ok = false;
                }
            }
        }
        int n = s.intValue("jobs");
        if (jobs != null && !jobs.contains(n)) {
            diag.report(Message.SPEEDUP_JOBS_NOT_SIMULATED, s.element, s.mirror, s.at("jobs"), n, jobs);
            ok = false;
        }
        boolean atLeast = s.written("atLeast");
        boolean within = s.written("within");
        double min = 0;
        double max = Double.POSITIVE_INFINITY;
        if (atLeast == within) {
            diag.report(Message.SPEEDUP_BOUND, s.element, s.mirror, null, atLeast ? "both" : "neither");
            return null;
        }
        if (atLeast) {
            min = ((Number) s.at("atLeast").getValue()).doubleValue();
            if (!(min > 0) || Double.isInfinite(min)) {
                diag.report(Message.BAD_AT_LEAST, s.element, s.mirror, s.at("atLeast"), number(min));
                ok = false;
            }
        } else {
            List<? extends AnnotationValue> values = s.list("within");
            List<String> shown = new ArrayList<>();
            for (AnnotationValue v : values) {
                shown.add(number(((Number) v.getValue()).doubleValue()));
            }
            String text = "{" + String.join(", ", shown) + "}";
            if (values.size() != 2) {
                diag.report(Message.BAD_WITHIN, s.element, s.mirror, s.at("within"), text,
                        "give two bounds, {from, to}");
                return null;
            }
            min = ((Number) values.get(0).getValue()).doubleValue();
            max = ((Number) values.get(1).getValue()).doubleValue();
            if (!(min > 0) || Double.isInfinite(max) || Double.isNaN(max)) {
                diag.report(Message.BAD_WITHIN, s.element, s.mirror, s.at("within"), text,
                        "the bounds must be finite and greater than 0");
                ok = false;
            } else if (min > max) {
                diag.report(Message.BAD_WITHIN, s.element, s.mirror, s.at("within"), text,
                        "from " + number(min) + " is greater than to " + number(max) + "; write {" + number(max) + ", "
                                + number(min) + "}");
                ok = false;
            }
        }
        return ok ? new TimingModel.Speedup(policy, over, n, min, max) : null;
    }

    /** {@code 1.5}, {@code 2}, {@code -0.5}: as written, without a trailing {@code .0}. */
    static String number(double v) {
        if (v == Math.rint(v) && !Double.isInfinite(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}

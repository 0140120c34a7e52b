package org.locktable.processor;

import javax.tools.Diagnostic;

import org.locktable.dsl.reader.Message;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.dsl.reader.TimingModel;
import org.locktable.engine.text.OneLine;
import org.locktable.timing.check.Band;
import org.locktable.timing.check.SpeedupCheck;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.check.TimingTable;

/**
 * Runs a validated {@code @Workload}'s table at compile time when it is small enough, and reports each
 * {@code @ExpectSpeedup} the simulation does not bear out at the severity of {@code -Alocktable.mismatch}
 * (LT085), as {@link EngineCheck} does for lock expectations. A workload the simulator refuses is an error
 * (LT084). The generated test checks the same thing at run time either way.
 */
final class TimingCheck {
    /** The most simulated I/Os (whole table) the processor runs while compiling: about a second. */
    static final long COMPILE_TIME_BUDGET = 3_000_000;

    private final Diagnostics diag;
    private final Options options;

    TimingCheck(Diagnostics diag, Options options) {
        this.diag = diag;
        this.options = options;
    }

    /** Whether the table is simulated at compile time. */
    static boolean cheap(TimingSpec spec) {
        long ios = spec.estimatedIos();
        return ios >= 0 && ios <= COMPILE_TIME_BUDGET;
    }

    /** The simulated table, or null when there is no {@code @Workload}, it is too large, or it failed. */
    TimingTable check(ScenarioModel scenario) {
        TimingModel m = scenario.timing();
        if (m == null || !cheap(m.spec())) {
            return null;
        }
        TimingTable table;
        try {
            table = SpeedupCheck.table(m.spec());
        } catch (IllegalArgumentException | IllegalStateException e) {
            diag.report(Message.SIMULATION_FAILED, m.site(),
                    OneLine.of(e.getMessage()));
            return null;
        }
        Diagnostic.Kind severity = options.mismatch;
        for (TimingModel.Speedup s : m.speedups()) {
            // the band over the profile's parameter ranges: an error (at -Alocktable.mismatch) when the claim fails
            // over all of it, a warning when over part of it
            Band band = band(m.spec(), table, s);
            SpeedupCheck.Verdict v = SpeedupCheck.verdict(band, s.min(), s.max());
            if (v != SpeedupCheck.Verdict.PASS) {
                diag.report(v == SpeedupCheck.Verdict.FAIL || severity == null ? severity : Diagnostic.Kind.WARNING,
                        Message.SPEEDUP_MISMATCH, s.site(), s.policy() + " over " + s.over() + " at " + s.jobs()
                                + (s.jobs() == 1 ? " job " : " jobs ") + SpeedupCheck.bandText(band)
                                + (v == SpeedupCheck.Verdict.WARN ? " (holds over part of the band only)" : ""),
                        s.bound(), oneLine(table));
            }
        }
        return table;
    }

    /** The band of an expectation's speedup (one point when the baseline completed nothing). */
    static Band band(TimingSpec spec, TimingTable table, TimingModel.Speedup s) {
        double found = table.speedup(s.policy(), s.over(), s.jobs());
        return Double.isNaN(found) ? Band.point(found) : SpeedupCheck.bands(spec).speedup(s.policy(), s.over(),
                s.jobs());
    }

    /** {@code 1 job: ext4-base 31,069, ext4-patch1 33,128 IOPS; 8 jobs: ...}: the table on one line. */
    static String oneLine(TimingTable t) {
        StringBuilder s = new StringBuilder();
        for (int n : t.jobs()) {
            s.append(s.length() == 0 ? "" : "; ").append(n).append(n == 1 ? " job: " : " jobs: ");
            for (int i = 0; i < t.policies().size(); i++) {
                String p = t.policies().get(i);
                s.append(i == 0 ? "" : ", ").append(p).append(' ').append(TimingTable.iopsText(t.iops(p, n)));
            }
            s.append(" IOPS");
        }
        return s.toString();
    }
}

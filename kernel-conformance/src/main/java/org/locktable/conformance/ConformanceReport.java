package org.locktable.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything the Markdown report says. Holds no timings: the report is byte-identical when the same kernel
 * runs it twice.
 */
public record ConformanceReport(String kernelRelease, String machine, boolean quick, List<PassResult> passes,
                                List<ScenarioLine> scenarios, String scenarioNote) {

    public long disagreements() {
        long n = 0;
        for (PassResult p : passes) {
            for (FsResult r : p.results()) {
                n += r.disagreed();
            }
        }
        for (ScenarioLine s : scenarios) {
            if (s.verdict() == ScenarioLine.Verdict.DISAGREE) {
                n++;
            }
        }
        return n;
    }

    /** Probes after which the file was not as built (a probe had a side effect it should not have). */
    public long anomalies() {
        long n = 0;
        for (PassResult p : passes) {
            for (FsResult r : p.results()) {
                n += r.anomalies().size();
            }
        }
        return n;
    }

    /** Every disagreement, one paragraph each (minimal witness per class): for test failures and the console. */
    public List<String> disagreementTexts() {
        List<String> out = new ArrayList<>();
        for (PassResult p : passes) {
            for (FsResult r : p.results()) {
                for (FsResult.DisagreementGroup g : r.disagreementGroups()) {
                    out.add(ReportWriter.witnessText(r, g));
                }
            }
        }
        for (ScenarioLine s : scenarios) {
            if (s.verdict() == ScenarioLine.Verdict.DISAGREE) {
                out.add(ReportWriter.scenarioWitnessText(s));
            }
        }
        return out;
    }
}

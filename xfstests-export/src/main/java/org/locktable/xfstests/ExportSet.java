package org.locktable.xfstests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one export writes: the cases numbered from 001 in a stable order — the scenarios (sorted by class name), then
 * the decision-table samples (policies sorted by id, rows in table order) — a probe asked for twice kept once, at its
 * first place, with both sources; and what was skipped, with why.
 */
public record ExportSet(List<ExportCase> cases, List<Skipped> skipped) {
    /** The most tests a directory can hold with xfstests' three-digit names. */
    public static final int MAX_TESTS = 999;

    public ExportSet {
        cases = List.copyOf(cases);
        skipped = List.copyOf(skipped);
        if (cases.size() > MAX_TESTS) {
            throw new IllegalArgumentException(cases.size() + " cases: more than " + MAX_TESTS + " tests");
        }
    }

    /** The export of {@code scenarios} (their direct writes) and of every live policy's table samples. */
    public static ExportSet of(List<Class<?>> scenarios) {
        return of(ScenarioCases.of(scenarios), SampleCases.of());
    }

    /** The scenario cases first, then the samples, merged by {@link ExportCase#key()}. */
    public static ExportSet of(ScenarioCases.Selection scenarios, SampleCases.Selection samples) {
        Map<String, ExportCase> byKey = new LinkedHashMap<>();
        List<ExportCase> all = new ArrayList<>(scenarios.cases());
        all.addAll(samples.cases());
        for (ExportCase c : all) {
            byKey.merge(c.key(), c, ExportCase::mergedWith);
        }
        List<Skipped> skipped = new ArrayList<>(scenarios.skipped());
        skipped.addAll(samples.skipped());
        return new ExportSet(new ArrayList<>(byKey.values()), skipped);
    }

    /** {@code 001}, {@code 002}, ...: the test name of the case at {@code index} (0-based). */
    public static String number(int index) {
        return String.format("%03d", index + 1);
    }
}

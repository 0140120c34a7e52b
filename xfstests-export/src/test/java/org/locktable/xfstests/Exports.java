package org.locktable.xfstests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import org.locktable.conformance.ScenarioLibrary;

/** The export of the scenario library on the test class path (the scenarios-module test-jar), built once. */
final class Exports {
    private static ExportSet set;

    private Exports() {
    }

    static synchronized ExportSet library() {
        if (set == null) {
            try {
                set = ExportSet.of(ScenarioCases.of(ScenarioLibrary.discover(List.of())), SampleCases.of());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return set;
    }

    /** The one case one of whose sources contains {@code source}. */
    static int indexOf(ExportSet set, String source) {
        for (int i = 0; i < set.cases().size(); i++) {
            for (String s : set.cases().get(i).sources()) {
                if (s.contains(source)) {
                    return i;
                }
            }
        }
        throw new AssertionError("no exported case comes from " + source);
    }
}

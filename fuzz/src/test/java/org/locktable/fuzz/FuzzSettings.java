package org.locktable.fuzz;

import java.util.Random;

/**
 * Seed, count and (to re-run exactly one input) index of a fuzz run: {@code -Dfuzz.seed=N -Dfuzz.count=M
 * -Dfuzz.index=I}. Input {@code i} of seed {@code s} depends on nothing else, so any one input re-runs alone.
 */
record FuzzSettings(long seed, int count, Integer index) {
    /** The seed of the normal build's fixed sample. */
    static final long DEFAULT_SEED = 20261201L;

    static FuzzSettings fromSystemProperties(int defaultCount) {
        long seed = property("fuzz.seed") == null ? DEFAULT_SEED : Long.parseLong(property("fuzz.seed"));
        int count = property("fuzz.count") == null ? defaultCount : Integer.parseInt(property("fuzz.count"));
        Integer index = property("fuzz.index") == null ? null : Integer.valueOf(property("fuzz.index"));
        return new FuzzSettings(seed, count, index);
    }

    private static String property(String name) {
        String v = System.getProperty(name);
        return v == null || v.isBlank() ? null : v.strip();
    }

    /** The first and one past the last index to run. */
    int from() {
        return index == null ? 0 : index;
    }

    int to() {
        return index == null ? count : index + 1;
    }

    int size() {
        return to() - from();
    }

    /** The random source of input {@code i}: a function of the seed and the index only. */
    Random random(int i) {
        long z = seed * 0x9E3779B97F4A7C15L + i;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return new Random(z ^ (z >>> 31));
    }

    /** The Maven command that re-runs exactly input {@code i} of this seed with this test class. */
    String rerun(String testClass, int i) {
        return "mvn -B -ntp -o -pl fuzz -am verify -Dtest=" + testClass + " -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dfuzz.seed=" + seed + " -Dfuzz.index=" + i;
    }
}

package org.locktable.concurrency;

import java.util.List;
import java.util.Optional;

/**
 * SAFE or UNSAFE over every schedule, with how many schedules and distinct states were explored; {@code badRangeSets}
 * lists every distinct set of bad ranges some final state has (the counterexample shows the first).
 */
public record Verdict(String policy, boolean safe, long schedules, int states, Optional<Counterexample> counterexample,
        List<String> badRangeSets) {

    public String word() {
        return safe ? "SAFE" : "UNSAFE";
    }
}

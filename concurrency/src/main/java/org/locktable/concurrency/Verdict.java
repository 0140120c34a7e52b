package org.locktable.concurrency;

import java.util.Optional;

/** SAFE or UNSAFE over every schedule, with how many schedules and distinct states were explored. */
public record Verdict(String policy, boolean safe, long schedules, int states, Optional<Counterexample> counterexample) {

    public String word() {
        return safe ? "SAFE" : "UNSAFE";
    }
}

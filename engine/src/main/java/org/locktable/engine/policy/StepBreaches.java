package org.locktable.engine.policy;

import java.util.EnumSet;
import java.util.Set;

import org.locktable.engine.decision.StepBreach;

/** The steps one walk took out of turn ({@link StepBreach}); nothing is allocated before the first: most have none. */
final class StepBreaches {
    private Set<StepBreach> breaches;

    void add(StepBreach b) {
        if (breaches == null) {
            breaches = EnumSet.noneOf(StepBreach.class);
        }
        breaches.add(b);
    }

    Set<StepBreach> toSet() {
        return breaches == null ? Set.of() : Set.copyOf(breaches);
    }
}

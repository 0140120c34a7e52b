package org.locktable.concurrency;

/**
 * How {@link Race#explore} walks the schedules. Both reach the same final files and the same verdict, with a
 * shortest counterexample of the same length (README: partial-order reduction; ExplorerCompletenessTest).
 */
public enum Exploration {
    /** Every interleaving: {@link Verdict#schedules()} counts them all. */
    FULL,
    /**
     * A bio completion no other operation can still touch runs first, alone; interleavings that differ only in when
     * such completions happen are walked once. Fewer states; {@link Verdict#schedules()} counts the reduced schedules.
     */
    REDUCED
}

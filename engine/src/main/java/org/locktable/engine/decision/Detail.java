package org.locktable.engine.decision;

/** How much of a decision to compute. */
public enum Detail {
    /** Lock decision only: what tables, diffs and benchmarks need. No trace, no iomap phase. */
    LOCK,
    /** Everything: trace, iomap segments, zero ranges and transactions. */
    FULL
}

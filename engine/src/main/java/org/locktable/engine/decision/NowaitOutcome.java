package org.locktable.engine.decision;

/** What a caller passing RWF_NOWAIT gets. For a request without NOWAIT this is {@link #NOT_APPLICABLE};
 * so it is for a request refused before NOWAIT matters (EOPNOTSUPP, EINVAL before locking). */
public enum NowaitOutcome {
    /** The path returns -EAGAIN unconditionally: no contention is needed for it. */
    EAGAIN("-EAGAIN whatever the contention: the path refuses NOWAIT here"),
    /** The write goes ahead; only trylocks could still fail under contention. */
    PROCEEDS("the write goes ahead; only a trylock could still fail (-EAGAIN) under contention"),
    /** The write goes ahead but the path does not honour NOWAIT somewhere (allocation, drain, blocking lock). */
    PROCEEDS_MAY_BLOCK("the write goes ahead but may block where the path ignores NOWAIT (allocation, drain, "
            + "a blocking lock)"),
    NOT_APPLICABLE("not a NOWAIT write, or refused before NOWAIT matters");

    private final String description;

    NowaitOutcome(String description) {
        this.description = description;
    }

    /** One line for legends and {@code decide --help}. */
    public String description() {
        return description;
    }
}

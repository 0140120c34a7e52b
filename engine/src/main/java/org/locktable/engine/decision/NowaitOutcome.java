package org.locktable.engine.decision;

/** What a caller passing RWF_NOWAIT gets. For a request without NOWAIT this is {@link #NOT_APPLICABLE};
 * so it is for a request refused before NOWAIT matters (EOPNOTSUPP, EINVAL before locking). */
public enum NowaitOutcome {
    /** The path returns -EAGAIN unconditionally: no contention is needed for it. */
    EAGAIN,
    /** The write goes ahead; only trylocks could still fail under contention. */
    PROCEEDS,
    /** The write goes ahead but the path does not honour NOWAIT somewhere (allocation, drain, blocking lock). */
    PROCEEDS_MAY_BLOCK,
    NOT_APPLICABLE
}

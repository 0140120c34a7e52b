package org.locktable.engine.policy;

import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;

/** The two parts of a decision derived from what its walk recorded, not recorded themselves. */
final class DerivedOutcomes {
    private DerivedOutcomes() {
    }

    /**
     * What a NOWAIT caller sees: nothing to see without NOWAIT, on {@code -EOPNOTSUPP}, or on an {@code -EINVAL} before
     * any lock; else {@code -EAGAIN}, or the write proceeds, perhaps through a step that sleeps anyway.
     */
    static NowaitOutcome nowait(boolean nowait, Result result, Lock initialLock, boolean mayBlock) {
        if (!nowait || result == Result.EOPNOTSUPP || (result == Result.EINVAL && initialLock == Lock.NONE)) {
            return NowaitOutcome.NOT_APPLICABLE;
        }
        if (result == Result.EAGAIN) {
            return NowaitOutcome.EAGAIN;
        }
        return mayBlock ? NowaitOutcome.PROCEEDS_MAY_BLOCK : NowaitOutcome.PROCEEDS;
    }

    /** How the I/O completes: not unless submitted with result OK; waited when sync or FORCE_WAIT; else queued. */
    static Completion completion(boolean submitted, Result result, boolean async, boolean forceWait) {
        return !submitted || result != Result.OK ? Completion.NONE
                : (!async || forceWait) ? Completion.WAITED : Completion.QUEUED;
    }
}

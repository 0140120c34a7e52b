package org.locktable.engine.decision;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one policy does with one write (spec §4): the lock taken first and held at submission, how it
 * got there, drain and FORCE_WAIT, what a NOWAIT caller gets, and — for {@link Detail#FULL} decisions —
 * the iomap segments, zero ranges, transactions and a readable trace naming the kernel functions.
 *
 * <p>For {@link Detail#LOCK} decisions {@link #segments()}, {@link #zeroRanges()}, {@link #transactions()}
 * and {@link #trace()} are empty lists: not computed, rather than "none". {@link #breaches()} names the steps the policy
 * took that the kernel would not allow (a lock taken while held, I/O without the lock): empty for every built-in policy,
 * and a user's policy with any is refused by the catalog.
 */
public record Decision(
        String policy,
        Detail detail,
        Result result,
        Lock initialLock,
        Lock finalLock,
        List<LockOp> lockPath,
        Retry retry,
        DrainReason drainReason,
        boolean forceWait,
        Completion completion,
        NowaitOutcome nowait,
        int lookups,
        List<Segment> segments,
        List<ZeroRange> zeroRanges,
        List<Tx> transactions,
        List<String> trace,
        Set<StepBreach> breaches) {

    public boolean drain() {
        return drainReason != DrainReason.NONE;
    }

    /** {@code S}, {@code S → unlock → X}, {@code X → downgrade}, or {@code -} when no lock was taken. */
    public String lockPathText() {
        if (lockPath.isEmpty()) {
            return "-";
        }
        return lockPath.stream().map(LockOp::label).collect(Collectors.joining(" → "));
    }
}

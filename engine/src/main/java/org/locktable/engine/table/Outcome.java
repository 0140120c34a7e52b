package org.locktable.engine.table;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;

/** The outcome columns of a decision table: what a reviewer reads off a row. */
public record Outcome(Lock finalLock, boolean drain, boolean forceWait, NowaitOutcome nowait, Result result) {
    public static Outcome of(Decision d) {
        return new Outcome(d.finalLock(), d.drain(), d.forceWait(), d.nowait(), d.result());
    }

    /** A small int for indexing; {@link #fromCode(int)} inverts it. */
    public int code() {
        return (((finalLock.ordinal() * 2 + (drain ? 1 : 0)) * 2 + (forceWait ? 1 : 0)) * 4 + nowait.ordinal())
                * Result.values().length + result.ordinal();
    }

    public static Outcome fromCode(int code) {
        Result r = Result.values()[code % Result.values().length];
        code /= Result.values().length;
        NowaitOutcome n = NowaitOutcome.values()[code % 4];
        code /= 4;
        boolean fw = code % 2 == 1;
        code /= 2;
        boolean dr = code % 2 == 1;
        code /= 2;
        return new Outcome(Lock.values()[code], dr, fw, n, r);
    }

    /** The Markdown cells: final lock, drain, force-wait, NOWAIT outcome, result. */
    public String[] cells() {
        return new String[] {
            finalLock == Lock.EXCLUSIVE ? "**X**" : finalLock == Lock.SHARED ? "S" : "none",
            drain ? "drain" : "·",
            forceWait ? "wait" : "·",
            nowait == NowaitOutcome.NOT_APPLICABLE ? "n/a" : nowait.name(),
            result.name()
        };
    }

    @Override
    public String toString() {
        return finalLock.letter() + (drain ? " drain" : "") + (forceWait ? " force-wait" : "")
                + (nowait != NowaitOutcome.NOT_APPLICABLE ? " nowait=" + nowait : "") + " " + result;
    }
}

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

    private static final Result[] RESULTS = Result.values();
    private static final NowaitOutcome[] NOWAITS = NowaitOutcome.values();
    private static final Lock[] LOCKS = Lock.values();

    /** A small int for indexing; {@link #fromCode(int)} inverts it. */
    public int code() {
        return code(finalLock, drain, forceWait, nowait, result);
    }

    /** The code of a decision's outcome, without building the record. */
    public static int codeOf(Decision d) {
        return code(d.finalLock(), d.drain(), d.forceWait(), d.nowait(), d.result());
    }

    private static int code(Lock finalLock, boolean drain, boolean forceWait, NowaitOutcome nowait, Result result) {
        return (((finalLock.ordinal() * 2 + (drain ? 1 : 0)) * 2 + (forceWait ? 1 : 0)) * NOWAITS.length + nowait.ordinal())
                * RESULTS.length + result.ordinal();
    }

    public static Outcome fromCode(int code) {
        Result r = RESULTS[code % RESULTS.length];
        code /= RESULTS.length;
        NowaitOutcome n = NOWAITS[code % NOWAITS.length];
        code /= NOWAITS.length;
        boolean fw = code % 2 == 1;
        code /= 2;
        boolean dr = code % 2 == 1;
        code /= 2;
        return new Outcome(LOCKS[code], dr, fw, n, r);
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

package org.locktable.engine.scenario;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;

/**
 * What a user expects one policy to decide: the lock, and — only where given (non-null) — drain,
 * forced wait, the NOWAIT outcome and the result.
 */
public record Expectation(String policy, Lock lock, Boolean drain, Boolean forceWait, NowaitOutcome nowait, Result result) {

    public static Expectation lock(String policy, Lock lock) {
        return new Expectation(policy, lock, null, null, null, null);
    }

    public Expectation withDrain(boolean v) {
        return new Expectation(policy, lock, v, forceWait, nowait, result);
    }

    public Expectation withForceWait(boolean v) {
        return new Expectation(policy, lock, drain, v, nowait, result);
    }

    public Expectation withNowait(NowaitOutcome v) {
        return new Expectation(policy, lock, drain, forceWait, v, result);
    }

    public Expectation withResult(Result v) {
        return new Expectation(policy, lock, drain, forceWait, nowait, v);
    }

    public Expectation forPolicy(String id) {
        return new Expectation(id, lock, drain, forceWait, nowait, result);
    }

    /** The fields where the decision differs, as {@code "drain: expected yes, decided no"}; empty when it meets every one. */
    public List<String> mismatches(Decision d) {
        List<String> out = new ArrayList<>();
        if (d.finalLock() != lock) {
            out.add("lock: expected " + lock + ", decided " + d.finalLock());
        }
        if (drain != null && d.drain() != drain) {
            out.add("drain: expected " + yesNo(drain) + ", decided " + yesNo(d.drain()));
        }
        if (forceWait != null && d.forceWait() != forceWait) {
            out.add("force-wait: expected " + yesNo(forceWait) + ", decided " + yesNo(d.forceWait()));
        }
        if (nowait != null && d.nowait() != nowait) {
            out.add("NOWAIT outcome: expected " + nowait + ", decided " + d.nowait());
        }
        if (result != null && d.result() != result) {
            out.add("result: expected " + result + ", decided " + d.result());
        }
        return out;
    }

    /** {@code EXCLUSIVE, drain, no force-wait, result OK}: only the fields that are expected. */
    public String describe() {
        StringBuilder s = new StringBuilder(lock.name());
        if (drain != null) {
            s.append(drain ? ", drain" : ", no drain");
        }
        if (forceWait != null) {
            s.append(forceWait ? ", force-wait" : ", no force-wait");
        }
        if (nowait != null) {
            s.append(", NOWAIT ").append(nowait);
        }
        if (result != null) {
            s.append(", result ").append(result);
        }
        return s.toString();
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }
}

package org.locktable.dsl.reader;

import java.util.List;

import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.RuleSpec;
import org.locktable.engine.table.Column;

/** The DSL's enum constants as the engine's values: locks, outcomes and a rule's conditions on the table's columns. */
final class DslToEngine {
    private DslToEngine() {
    }

    /** The expected outcome of an @ExpectLock or @Rule: the lock, and the optional members only when written. */
    static Expectation outcome(DslAnnotation e, String policy, String lockMember, String nowaitMember) {
        Expectation x = Expectation.lock(policy, Lock.valueOf(e.enumName(lockMember)));
        if (e.written("drain")) {
            x = x.withDrain(e.bool("drain"));
        }
        if (e.written("forceWait")) {
            x = x.withForceWait(e.bool("forceWait"));
        }
        if (e.written(nowaitMember)) {
            x = x.withNowait(NowaitOutcome.valueOf(e.enumName(nowaitMember)));
        }
        if (e.written("result")) {
            x = x.withResult(Result.valueOf(e.enumName("result")));
        }
        return x;
    }

    /** A @Rule for one policy: its outcome and its conditions. */
    static RuleSpec rule(DslAnnotation r, String name, String policy) {
        RuleSpec spec = RuleSpec.any(name, outcome(r, policy, "lock", "nowaitOutcome"));
        spec = spec.where(Column.ALIGNMENT, ordinals(r.enumNames("alignment"), "ALIGNED", "HEAD", "TAIL", "BOTH", "SUB_BLOCK"));
        spec = spec.where(Column.HEAD, ordinals(r.enumNames("head"), "HOLE", "UNWRITTEN", "WRITTEN"));
        spec = spec.where(Column.TAIL, ordinals(r.enumNames("tail"), "HOLE", "UNWRITTEN", "WRITTEN"));
        spec = spec.where(Column.MIDDLE, ordinals(r.enumNames("middle"), "NONE", "H", "U", "H_U", "W", "H_W", "U_W", "H_U_W"));
        spec = spec.where(Column.RECORDS, ordinals(r.enumNames("records"), "ONE", "TWO", "THREE_OR_MORE"));
        spec = spec.where(Column.EOF, ordinals(r.enumNames("eof"), "INSIDE", "ENDS_AT_EOF", "STRADDLES", "APPENDS",
                "BEYOND_IN_EOF_BLOCK", "BEYOND"));
        spec = spec.where(Column.NOSEC, flag(r.enumName("nosec"), 0, 1));
        spec = spec.where(Column.NOWAIT, flag(r.enumName("nowait"), 1, 0));
        return spec.where(Column.IO, flag(r.enumName("async"), 1, 0));
    }

    /** Domain indexes of the named constants, in the column's own order. */
    private static int[] ordinals(List<String> names, String... domain) {
        int[] out = new int[names.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = List.of(domain).indexOf(names.get(i));
        }
        return out;
    }

    /** A YES/NO/ANY flag as domain indexes. */
    private static int[] flag(String value, int yes, int no) {
        switch (value) {
            case "YES":
                return new int[] {yes};
            case "NO":
                return new int[] {no};
            default:
                return new int[0];
        }
    }
}
